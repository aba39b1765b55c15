import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client';
import { AppError } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } } },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, 'database health check failed');
        throw new AppError('unavailable', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
