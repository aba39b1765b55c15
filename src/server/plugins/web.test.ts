import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web';

const dist = mkdtempSync(join(tmpdir(), 'presale-web-root-'));
for (const build of ['a', 'b']) {
  mkdirSync(join(dist, 'web-builds', build), { recursive: true });
  writeFileSync(join(dist, 'web-builds', build, 'index.html'), `<!doctype html><title>app ${build}</title>`);
  writeFileSync(join(dist, 'web-builds', build, 'landing.html'), `<!doctype html><title>landing ${build}</title>`);
}
const link = join(dist, 'web');
symlinkSync(join('web-builds', 'a'), link);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function startServing() {
  const app = Fastify();
  await app.register(webRoutes(link));
  return app;
}

describe('the web root', () => {
  it('keeps serving the build it started with after dist/web is pointed at a newer one', async () => {
    const running = await startServing();
    // As scripts/published-builds.ts publishes: a new symlink renamed over the old one.
    symlinkSync(join('web-builds', 'b'), `${link}.next`);
    renameSync(`${link}.next`, link);

    expect((await running.inject('/')).body).toContain('landing a');
    expect((await running.inject('/dashboard')).body).toContain('app a');
    const restarted = await startServing();
    expect((await restarted.inject('/')).body).toContain('landing b');
    await Promise.all([running.close(), restarted.close()]);
  });
});

describe('the original kit operator paths', () => {
  it('redirect to the matching back-office page, with or without a built web app', async () => {
    for (const root of [link, join(dist, 'missing')]) {
      const app = Fastify();
      await app.register(webRoutes(root));
      for (const [path, target] of [
        ['/oligarhvalera', '/admin'],
        ['/oligarhvalera/dashboard/users?page=2', '/admin/users'],
        ['/oligarhvalera/dashboard/unknown-page', '/admin'],
      ]) {
        const res = await app.inject(path ?? '');
        expect(res.statusCode, path).toBe(301);
        expect(res.headers.location, path).toBe(target);
      }
      await app.close();
    }
  });
});

describe('the document for a path', () => {
  const root = join(dist, 'surfaces');
  mkdirSync(root, { recursive: true });
  for (const name of ['index', 'landing', 'login', 'register', 'dashboard', 'buy-token']) writeFileSync(join(root, `${name}.html`), `<!doctype html><title>${name}</title>`);
  const older = join(dist, 'older');
  mkdirSync(older, { recursive: true });
  writeFileSync(join(older, 'index.html'), '<!doctype html><title>index</title>');

  it('is the buyer document for sign-in, registration, the dashboard and Buy Token', async () => {
    const app = Fastify();
    await app.register(webRoutes(root));
    const cases: [string, string][] = [
      ['/', 'landing'],
      ['/login', 'login'],
      ['/register?next=%2Fdashboard%2Fbuy-token', 'register'],
      ['/dashboard', 'dashboard'],
      ['/dashboard/profile', 'dashboard'],
      ['/dashboard/transaction?order=AbC', 'dashboard'],
      ['/dashboard/buy-token', 'buy-token'],
      ['/dashboardx', 'index'],
      ['/privacy', 'index'],
      ['/admin', 'index'],
    ];
    for (const [url, document] of cases) expect((await app.inject(url)).body, url).toContain(`<title>${document}</title>`);
    await app.close();
  });

  it('is index.html everywhere but the landing page for a build without those documents', async () => {
    const app = Fastify();
    await app.register(webRoutes(older));
    for (const url of ['/', '/login', '/dashboard/buy-token']) expect((await app.inject(url)).body, url).toContain('<title>index</title>');
    await app.close();
  });
});
