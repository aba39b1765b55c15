import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentSchema } from '@/contracts/content';
import { getContent } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/content', { schema: { response: { 200: contentSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const offered = await app.cryptos.listOffered();
    return getContent(app.db, offered.map((c) => c.name));
  });
};
