import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCryptoSchema,
  adminCryptosSchema,
  createCryptoBodySchema,
  deleteCryptoResultSchema,
  evmWalletBodySchema,
  evmWalletResultSchema,
  refreshResultSchema,
  updateCryptoBodySchema,
} from '@/contracts/admin';
import { publicCryptosSchema } from '@/contracts/cryptos';
import { AppError } from '../../errors';
import { operatorOf } from '../../plugins/access';
import { PriceFeedError } from '../rates/price-feed';
import { refreshRates } from '../rates/rates.service';

const codeParams = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'Unknown currency code.') });

export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/cryptos', { schema: { response: { 200: publicCryptosSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { cryptos: await app.cryptos.listOffered() };
  });
};

export const adminCryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/cryptos', { schema: { response: { 200: adminCryptosSchema } } }, async () => ({ cryptos: await app.cryptos.listAdmin() }));

  app.post('/api/admin/cryptos', { schema: { body: createCryptoBodySchema, response: { 201: adminCryptoSchema } } }, async (request, reply) => {
    return reply.status(201).send(await app.cryptos.create(operatorOf(request), request.body));
  });

  app.put('/api/admin/cryptos/:code', { schema: { params: codeParams, body: updateCryptoBodySchema, response: { 200: adminCryptoSchema } } }, async (request) =>
    app.cryptos.update(operatorOf(request), request.params.code, request.body),
  );

  app.delete('/api/admin/cryptos/:code', { schema: { params: codeParams, response: { 200: deleteCryptoResultSchema } } }, async (request) =>
    app.cryptos.remove(operatorOf(request), request.params.code),
  );

  app.post('/api/admin/cryptos/evm-wallet', { schema: { body: evmWalletBodySchema, response: { 200: evmWalletResultSchema } } }, async (request) =>
    app.cryptos.setEvmWallet(operatorOf(request), request.body.address),
  );

  app.post('/api/admin/cryptos/refresh-rates', { schema: { body: z.undefined().or(z.strictObject({})), response: { 200: refreshResultSchema } } }, async (request) => {
    try {
      return await refreshRates(app.db, app.priceFeed, operatorOf(request));
    } catch (e) {
      if (e instanceof PriceFeedError) throw new AppError('unavailable', `Failed to update cryptos: ${e.message}.`);
      throw e;
    }
  });
};
