import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf, requireWalletAuthority } from '../../plugins/access';
import { refreshRatesForOperator } from '../rates/rates.service';

export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/cryptos', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { cryptos: await app.cryptos.listOffered() };
  });
};

export const adminCryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/cryptos', async () => ({ cryptos: await app.cryptos.listAdmin() }));

  // A wallet address is the Owner's, with the password confirmed lately (step-up), whatever else changes.
  route(app, 'POST /api/admin/cryptos', async (request, reply) => {
    return reply.status(201).send(await app.cryptos.create(operatorOf(request), request.body, () => requireWalletAuthority(request)));
  });

  route(app, 'PUT /api/admin/cryptos/:code', async (request) =>
    app.cryptos.update(operatorOf(request), request.params.code, request.body, () => requireWalletAuthority(request)),
  );

  route(app, 'DELETE /api/admin/cryptos/:code', async (request) =>
    app.cryptos.remove(operatorOf(request), request.params.code),
  );

  route(app, 'POST /api/admin/cryptos/evm-wallet', async (request) =>
    app.cryptos.setEvmWallet(operatorOf(request), request.body.address),
  );

  route(app, 'POST /api/admin/cryptos/refresh-rates', async (request) => refreshRatesForOperator(app.db, app.priceFeed, operatorOf(request)));
};
