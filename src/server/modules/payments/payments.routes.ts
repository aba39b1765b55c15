import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { getPaymentSettings, PaymentSettingsService, paymentSettingsFor } from './settings/payment-settings.service';
import { dismissDeposit, findUnallocatedDeposits, type RateNow } from './unallocated.service';

/** The back-office's Payments settings (operator scope). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = new PaymentSettingsService(app.db, app.depositAddresses);

  route(app, 'GET /api/admin/payments', async (request) => paymentSettingsFor(operatorOf(request).role, await getPaymentSettings(app.db)));

  route(app, 'PUT /api/admin/payments/evm-key', async (request) => settings.setEvmKey(operatorOf(request), request.body));

  route(app, 'DELETE /api/admin/payments/evm-key', async (request) => settings.removeEvmKey(operatorOf(request)));

  route(app, 'PUT /api/admin/payments/chains/:chainId', async (request) => settings.setChain(operatorOf(request), request.params.chainId, request.body));

  route(app, 'DELETE /api/admin/payments/chains/:chainId', async (request) => settings.removeChain(operatorOf(request), request.params.chainId));

  route(app, 'PUT /api/admin/payments/utxo/:chain/key', async (request) => settings.setUtxoKey(operatorOf(request), request.params.chain, request.body));

  route(app, 'DELETE /api/admin/payments/utxo/:chain/key', async (request) => settings.removeUtxoKey(operatorOf(request), request.params.chain));

  route(app, 'PUT /api/admin/payments/utxo/:chain/watcher', async (request) => settings.setUtxoWatcher(operatorOf(request), request.params.chain, request.body));

  route(app, 'DELETE /api/admin/payments/utxo/:chain/watcher', async (request) => settings.removeUtxoWatcher(operatorOf(request), request.params.chain));

  route(app, 'PUT /api/admin/payments/lookups/:network', async (request) => settings.setLookup(operatorOf(request), request.params.network, request.body));

  route(app, 'DELETE /api/admin/payments/lookups/:network', async (request) => settings.removeLookup(operatorOf(request), request.params.network));
};

/** Deposits no order holds, for the operator to dismiss (operator scope). */
export const unallocatedRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateNow: RateNow = (code, now) => app.orders.rateNow(code, now);

  route(app, 'GET /api/admin/payments/unallocated', async () => ({ deposits: await findUnallocatedDeposits(app.db, rateNow) }));

  route(app, 'POST /api/admin/payments/unallocated/:id/order', async (request) => {
    const order = await app.orders.createFromDeposit(operatorOf(request), request.params.id, { note: request.body?.note ?? '', overrideHardCap: request.body?.overrideHardCap ?? false });
    return { deposits: await findUnallocatedDeposits(app.db, rateNow), order };
  });

  route(app, 'POST /api/admin/payments/unallocated/:id/dismiss', async (request) => ({
    deposits: await dismissDeposit(app.db, rateNow, operatorOf(request), request.params.id, request.body.note),
  }));
};
