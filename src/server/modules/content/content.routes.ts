import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPublicPixels } from '../pixels/pixels.service';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { getContent, getEditableContent, updateContent } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/content', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const [offered, pixels] = await Promise.all([app.cryptos.listOffered(), listPublicPixels(app.db)]);
    return { ...(await getContent(app.db, offered.map((c) => c.name))), pixels };
  });
};

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/content', async () => getEditableContent(app.db));

  // The legal texts may be long: this route accepts more than the app-wide body limit.
  route(app, 'PUT /api/admin/content', { bodyLimit: 256 * 1024 }, async (request) =>
    updateContent(app.db, operatorOf(request), request.body),
  );
};
