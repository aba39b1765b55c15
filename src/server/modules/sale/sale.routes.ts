import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saleSchema } from '@/contracts/sale';

export const saleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sale', { schema: { response: { 200: saleSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.saleFigures.get();
  });
};
