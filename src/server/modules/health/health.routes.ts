import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { getHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/health', async (request) => getHealth(app.database, request.log));
};
