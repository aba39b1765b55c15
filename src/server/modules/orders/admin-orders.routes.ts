import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@/contracts/common';
import { adminOrderSchema, adminOrderSearch, adminOrdersPageSchema, adminOrdersQuerySchema, decisionBodySchema, orderIdParams, orderStatusSchema } from '@/contracts/orders';
import { operatorOf } from '../../plugins/access';
import { ordersCsv } from './orders.csv';

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/orders', { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema } } }, async (request) => app.orders.page(request.query));

  app.get('/api/admin/orders.csv', { schema: { querystring: z.strictObject({ status: orderStatusSchema.optional(), q: adminOrderSearch }) } }, async (request, reply) => {
    const orders = await app.orders.all(request.query.status, request.query.q);
    const name = `orders-${request.query.status ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(ordersCsv(orders));
  });

  app.post('/api/admin/orders/:id/approve', { schema: { params: orderIdParams, body: decisionBodySchema.optional(), response: { 200: adminOrderSchema } } }, async (request) =>
    app.orders.approve(operatorOf(request), request.params.id, request.body?.note ?? '', { overrideHardCap: request.body?.overrideHardCap ?? false }),
  );

  app.post('/api/admin/orders/:id/reject', { schema: { params: orderIdParams, body: decisionBodySchema.optional(), response: { 200: adminOrderSchema } } }, async (request) =>
    app.orders.reject(operatorOf(request), request.params.id, request.body?.note ?? ''),
  );

  app.delete('/api/admin/orders/:id', { schema: { params: orderIdParams, response: { 200: okSchema } } }, async (request) => {
    await app.orders.remove(operatorOf(request), request.params.id);
    return { ok: true as const };
  });
};
