import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { changeUserCountry, findUsers, getUserDetail, resetUserTwoFactor, usersCsv } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/users', async (request) => findUsers(app.db, request.query));

  route(app, 'GET /api/admin/users.csv', async (_request, reply) => {
    const name = `users-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(await usersCsv(app.db));
  });

  route(app, 'GET /api/admin/users/:id', async (request) =>
    getUserDetail(app.db, app.orders, request.params.id),
  );

  route(app, 'DELETE /api/admin/users/:id/two-factor', async (request) =>
    resetUserTwoFactor(app.db, app.orders, app.config.PUBLIC_URL, operatorOf(request), request.params.id),
  );

  route(app, 'PUT /api/admin/users/:id/country', async (request) =>
    changeUserCountry(app.db, app.orders, operatorOf(request), request.params.id, request.body.country),
  );
};
