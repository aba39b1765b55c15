import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupSchema } from '@/contracts/admin';
import { getSetup } from './setup.service';

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/setup', { schema: { response: { 200: setupSchema } } }, async () => getSetup(app.db, await app.cryptos.listAdmin()));
};
