import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPublicPixels } from '../pixels/pixels.service';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf, requireBodyAuthority } from '../../plugins/access';
import { getContent, getContentToEdit, updateContent } from './content.service';
import { getCurrentTerms } from './content.service';
import { getLogo, logoImage, removeLogo, uploadLogo } from './logo.service';
import { acceptTerms, getMyTerms, getTermsVersion, toTermsVersion } from './terms.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/content', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const [offered, pixels] = await Promise.all([app.cryptos.listOffered(), listPublicPixels(app.db)]);
    return { ...(await getContent(app.db, offered.map((c) => c.name))), pixels };
  });

  // The logo's URL names its bytes by their hash: a new logo is a new URL, so this one never changes.
  route(app, 'GET /api/logo/:sha256', async (request, reply) => {
    const logo = await logoImage(app.db, request.params.sha256);
    if (!logo) throw notFound('There is no such logo.');
    return reply.header('content-type', logo.mime).header('cache-control', 'public, max-age=31536000, immutable').send(logo.data);
  });

  route(app, 'GET /api/terms', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return toTermsVersion(await getCurrentTerms(app.db));
  });

  // A published version never changes; only one not published yet may appear later.
  route(app, 'GET /api/terms/versions/:version', async (request, reply) => {
    const version = await getTermsVersion(app.db, request.params.version);
    return reply.header('cache-control', 'public, max-age=3600').send(version);
  });
};

/** The signed-in buyer's acceptance of the current terms (asked again before ordering after a new version). */
export const myTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/terms', async (request) => getMyTerms(app.db, buyerIdOf(request)));

  route(app, 'POST /api/me/terms', async (request) => {
    await acceptTerms(app.db, buyerIdOf(request), request.body.termsVersion, request.ip);
    return getMyTerms(app.db, buyerIdOf(request));
  });
};

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/content', async () => getContentToEdit(app.db));

  // The legal texts may be long: this route accepts more than the app-wide body limit.
  route(app, 'PUT /api/admin/content', { bodyLimit: 256 * 1024 }, async (request) =>
    // New terms are a new version buyers must accept before ordering: the password is confirmed lately.
    updateContent(app.db, operatorOf(request), request.body, () => requireBodyAuthority(request, { owned: [], stepUp: true })),
  );

  route(app, 'GET /api/admin/content/logo', async () => getLogo(app.db));
  // A data URL of up to 200 KB is about 270 KB of text.
  route(app, 'PUT /api/admin/content/logo', { bodyLimit: 320 * 1024 }, async (request) => uploadLogo(app.db, operatorOf(request), request.body));
  route(app, 'DELETE /api/admin/content/logo', async (request) => removeLogo(app.db, operatorOf(request)));
};
