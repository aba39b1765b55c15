import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserDetailSchema, adminUsersPageSchema, adminUsersQuerySchema, userIdParams } from '@/contracts/users';
import { findUsers, getUserDetail, usersCsv } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/users', { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } }, async (request) => findUsers(app.db, request.query));

  app.get('/api/admin/users.csv', async (_request, reply) => {
    const name = `users-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(await usersCsv(app.db));
  });

  app.get('/api/admin/users/:id', { schema: { params: userIdParams, response: { 200: adminUserDetailSchema } } }, async (request) =>
    getUserDetail(app.db, app.orders, request.params.id),
  );
};
