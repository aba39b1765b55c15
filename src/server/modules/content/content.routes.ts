import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPublicPixels } from '../pixels/pixels.service';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { getContent, getEditableContent, updateContent } from './content.service';
import { getLogo, logoImage, removeLogo, uploadLogo } from './logo.service';

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
};

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/content', async () => getEditableContent(app.db));

  // The legal texts may be long: this route accepts more than the app-wide body limit.
  route(app, 'PUT /api/admin/content', { bodyLimit: 256 * 1024 }, async (request) =>
    updateContent(app.db, operatorOf(request), request.body),
  );

  route(app, 'GET /api/admin/content/logo', async () => getLogo(app.db));
  // A data URL of up to 200 KB is about 270 KB of text.
  route(app, 'PUT /api/admin/content/logo', { bodyLimit: 320 * 1024 }, async (request) => uploadLogo(app.db, operatorOf(request), request.body));
  route(app, 'DELETE /api/admin/content/logo', async (request) => removeLogo(app.db, operatorOf(request)));
};
