import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { ordersCsv } from './orders.csv';
import { checkTxHash } from './order-tx-hash.service';

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/orders', async (request) => app.orders.page(request.query));

  route(app, 'GET /api/admin/orders.csv', async (request, reply) => {
    const orders = await app.orders.all(request.query.status, request.query.q);
    const name = `orders-${request.query.status ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(ordersCsv(orders));
  });

  route(app, 'GET /api/admin/orders/:id/tx-check', async (request) => checkTxHash(app.db, await app.orders.view(request.params.id)));

  route(app, 'POST /api/admin/orders/:id/approve', async (request) =>
    app.orders.approve(operatorOf(request), request.params.id, request.body?.note ?? '', { overrideHardCap: request.body?.overrideHardCap ?? false, credit: request.body?.credit ?? 'ordered' }),
  );

  route(app, 'POST /api/admin/orders/:id/excess', async (request) => app.orders.settleExcess(operatorOf(request), request.params.id, request.body));

  route(app, 'POST /api/admin/orders/:id/reject', async (request) =>
    app.orders.reject(operatorOf(request), request.params.id, request.body?.note ?? ''),
  );

  route(app, 'DELETE /api/admin/orders/:id', async (request) => {
    await app.orders.remove(operatorOf(request), request.params.id);
    return { ok: true as const };
  });
};
