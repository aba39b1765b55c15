import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_PATTERN } from '@/contracts/orders';
import { invalid } from '../../errors';
import { route } from '../../http/route';
import { buyerIdOf } from '../../plugins/access';
import { clientKeyOf } from '../../plugins/client-address';
import { requestWithdrawal } from './withdrawal.service';

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/leaderboard', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=10');
    return app.orders.leaderboard(10);
  });
};

const TEN_MINUTES = 10 * 60 * 1000;

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  route(app, 'POST /api/orders', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (Array.isArray(key) || (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))) {
      throw invalid('The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.');
    }
    // Per account and per address, counted where every instance sees them (the database); nothing
    // is written for an attempt they refuse.
    const throttles = {
      limits: [
        { key: `orders:buyer:${buyerIdOf(request)}`, max: config.ORDER_LIMIT_PER_ACCOUNT },
        { key: `orders:ip:${clientKeyOf(request)}`, max: config.ORDER_LIMIT_PER_IP },
      ],
      windowMs: TEN_MINUTES,
    };
    const { order, created } = await app.orders.create(buyerIdOf(request), request.body, { idempotencyKey: key, address: request.ip, throttles });
    return reply.status(created ? 201 : 200).send(order);
  });

  route(app, 'GET /api/orders', async (request) => ({ orders: await app.orders.listOwn(buyerIdOf(request)) }));

  route(app, 'GET /api/orders/:orderToken', async (request) =>
    app.orders.getOwn(buyerIdOf(request), request.params.orderToken),
  );

  route(app, 'POST /api/orders/:orderToken/tx-hash', async (request) =>
    app.orders.attachTxHash(buyerIdOf(request), request.params.orderToken, request.body.txHash),
  );

  route(app, 'POST /api/orders/:orderToken/withdrawal', async (request) => {
    await requestWithdrawal(app.db, app.events, config.PUBLIC_URL, buyerIdOf(request), request.params.orderToken);
    return app.orders.getOwn(buyerIdOf(request), request.params.orderToken);
  });
};
