import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { getSetup } from './setup.service';

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/setup', async () => getSetup(app.db, await app.cryptos.listAdmin()));
};
