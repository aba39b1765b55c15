// Serves the built web app (dist/web) and crypto icons; unknown non-API paths get the app's index.html
// so the client router can render them (including its own not-found page).
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { legacyOperatorTarget } from '@/domain/legacy-paths';
import { notFound } from '../errors';
import { PROJECT_ROOT } from '../project-root';
import { isApiTarget } from './access';

export const WEB_ROOT = join(PROJECT_ROOT, 'dist', 'web');
const ICONS_DIR = join(dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
const GENERIC_ICON = join(ICONS_DIR, 'generic.svg');

/**
 * The landing page is a document of its own (decision 013); every other page boots the router.
 * The buyer's pages have copies that also preload their first data, and sign-in and registration
 * hold their page prerendered (decision 018); a build without them serves index.html there too.
 */
const DOCUMENTS: { document: string; matches: (path: string) => boolean }[] = [
  { document: 'landing.html', matches: (path) => path === '/' },
  { document: 'login.html', matches: (path) => path === '/login' },
  { document: 'register.html', matches: (path) => path === '/register' },
  { document: 'forgot-password.html', matches: (path) => path === '/forgot-password' },
  { document: 'reset-password.html', matches: (path) => path === '/reset-password' },
  { document: 'buy-token.html', matches: (path) => path === '/dashboard/buy-token' },
  { document: 'transparency.html', matches: (path) => path === '/transparency' },
  { document: 'dashboard.html', matches: (path) => path === '/dashboard' || path.startsWith('/dashboard/') },
];

function documentFor(url: string, documents: ReadonlySet<string>): string {
  const path = url.split('?', 1)[0] ?? '';
  return DOCUMENTS.find((d) => documents.has(d.document) && d.matches(path))?.document ?? 'index.html';
}

/** The web app's files, crypto icons and the not-found answer; registered in the public access scope. */
export const webRoutes = (webRoot = WEB_ROOT): FastifyPluginAsync => async (app) => {
  // dist/web is a symlink that each new build moves (scripts/published-builds.ts): this instance keeps
  // serving the build it started with, whose pages name its own assets.
  const root = existsSync(webRoot) ? realpathSync(webRoot) : webRoot;
  const hasWeb = existsSync(join(root, 'index.html'));
  const documents = new Set(DOCUMENTS.map((d) => d.document).filter((document) => existsSync(join(root, document))));

  // /crypto/{code}.svg from the cryptocurrency-icons package, with its generic icon as fallback.
  app.get('/crypto/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^([a-z0-9]{1,20})\.svg$/i.exec(file);
    const named = match?.[1] ? join(ICONS_DIR, `${match[1].toLowerCase()}.svg`) : GENERIC_ICON;
    const path = existsSync(named) ? named : GENERIC_ICON;
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(path));
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        void reply.header('cache-control', path.includes(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // The original kit's operator paths, bookmarked by its operators, go to the back-office's page.
    const legacy = request.method === 'GET' || request.method === 'HEAD' ? legacyOperatorTarget(request.url.split('?', 1)[0] ?? '') : null;
    if (legacy) return reply.redirect(legacy, 301);
    if (!hasWeb || request.method !== 'GET' || isApiTarget(request.url)) {
      throw notFound(`No route ${request.method} ${request.url.split('?')[0] ?? ''}.`);
    }
    return reply.header('cache-control', 'no-cache').sendFile(documentFor(request.url, documents));
  });
};
