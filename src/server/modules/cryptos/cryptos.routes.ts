import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import type { FastifyRequest } from 'fastify';
import { operatorOf, requireBodyAuthority } from '../../plugins/access';
import type { CryptoChanges } from './cryptos.service';
import { refreshRatesForOperator } from '../rates/rates.service';

export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/cryptos', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { cryptos: await app.cryptos.listOffered() };
  });
};

/**
 * Who may change what in a crypto (decision 025): its wallet address and what counts as a payment
 * in it are the Owner's, what a buyer pays needs step-up; each with the password confirmed lately.
 */
const authorize = (request: FastifyRequest) => (changes: CryptoChanges) =>
  requireBodyAuthority(request, {
    owned: [...(changes.wallet ? ['wallet addresses'] : []), ...(changes.payment ? ["a currency's network, chain id, token contract or decimals"] : [])],
    stepUp: changes.price,
  });

export const adminCryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/cryptos', async () => ({ cryptos: await app.cryptos.listAdmin() }));

  // A wallet address and what counts as a payment are the Owner's, the price needs step-up, whatever else changes.
  route(app, 'POST /api/admin/cryptos', async (request, reply) => {
    return reply.status(201).send(await app.cryptos.create(operatorOf(request), request.body, authorize(request)));
  });

  route(app, 'PUT /api/admin/cryptos/:code', async (request) => app.cryptos.update(operatorOf(request), request.params.code, request.body, authorize(request)));

  route(app, 'DELETE /api/admin/cryptos/:code', async (request) =>
    app.cryptos.remove(operatorOf(request), request.params.code),
  );

  route(app, 'POST /api/admin/cryptos/evm-wallet', async (request) =>
    app.cryptos.setEvmWallet(operatorOf(request), request.body.address),
  );

  route(app, 'POST /api/admin/cryptos/refresh-rates', async (request) => refreshRatesForOperator(app.db, app.priceFeed, operatorOf(request)));
};
