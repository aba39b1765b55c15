import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentBodySchema, contentSchema, publicContentSchema } from '@/contracts/content';
import { listPublicPixels } from '../pixels/pixels.service';
import { operatorOf } from '../../plugins/access';
import { getContent, getEditableContent, updateContent } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/content', { schema: { response: { 200: publicContentSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const [offered, pixels] = await Promise.all([app.cryptos.listOffered(), listPublicPixels(app.db)]);
    return { ...(await getContent(app.db, offered.map((c) => c.name))), pixels };
  });
};

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/content', { schema: { response: { 200: contentSchema } } }, async () => getEditableContent(app.db));

  // The legal texts may be long: this route accepts more than the app-wide body limit.
  app.put('/api/admin/content', { bodyLimit: 256 * 1024, schema: { body: contentBodySchema, response: { 200: contentSchema } } }, async (request) =>
    updateContent(app.db, operatorOf(request), request.body),
  );
};
