import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { EvmSettingsService } from './evm/evm-settings.service';
import { LookupSettingsService } from './lookups/lookup-settings.service';
import { getPaymentSettings, paymentSettingsFor } from './settings/payment-settings.service';
import { dismissDeposit, findUnallocatedDeposits, type PricesNowOf } from './unallocated.service';
import { TronAddressListService } from './tron/tron-address-list.service';
import { firstTronAddressOf, TronSettingsService } from './tron/tron-settings.service';
import { UtxoSettingsService } from './utxo/utxo-settings.service';

/** The back-office's Payments settings (operator scope). A change answers with the settings it leaves. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const evm = new EvmSettingsService(app.db, app.depositAddresses);
  const utxo = new UtxoSettingsService(app.db, app.depositAddresses);
  const tron = new TronSettingsService(app.db, app.depositAddresses);
  const tronList = new TronAddressListService(app.db, app.depositAddresses, firstTronAddressOf);
  const lookups = new LookupSettingsService(app.db);
  const changed = async (change: Promise<void>) => {
    await change;
    return getPaymentSettings(app.db);
  };

  route(app, 'GET /api/admin/payments', async (request) => paymentSettingsFor(operatorOf(request).role, await getPaymentSettings(app.db)));

  route(app, 'PUT /api/admin/payments/evm-key', async (request) => changed(evm.setKey(operatorOf(request), request.body)));

  route(app, 'DELETE /api/admin/payments/evm-key', async (request) => changed(evm.removeKey(operatorOf(request))));

  route(app, 'PUT /api/admin/payments/chains/:chainId', async (request) => changed(evm.setChain(operatorOf(request), request.params.chainId, request.body)));

  route(app, 'DELETE /api/admin/payments/chains/:chainId', async (request) => changed(evm.removeChain(operatorOf(request), request.params.chainId)));

  route(app, 'PUT /api/admin/payments/utxo/:chain/key', async (request) => changed(utxo.setKey(operatorOf(request), request.params.chain, request.body)));

  route(app, 'DELETE /api/admin/payments/utxo/:chain/key', async (request) => changed(utxo.removeKey(operatorOf(request), request.params.chain)));

  route(app, 'PUT /api/admin/payments/utxo/:chain/watcher', async (request) => changed(utxo.setWatcher(operatorOf(request), request.params.chain, request.body)));

  route(app, 'DELETE /api/admin/payments/utxo/:chain/watcher', async (request) => changed(utxo.removeWatcher(operatorOf(request), request.params.chain)));

  route(app, 'PUT /api/admin/payments/tron/key', async (request) => changed(tron.setKey(operatorOf(request), request.body)));

  route(app, 'DELETE /api/admin/payments/tron/key', async (request) => changed(tron.removeKey(operatorOf(request))));

  // 10,000 addresses a line each are about 360 kB.
  route(app, 'POST /api/admin/payments/tron/addresses', { bodyLimit: 600 * 1024 }, async (request) => changed(tronList.importAddresses(operatorOf(request), request.body)));

  route(app, 'DELETE /api/admin/payments/tron/addresses', async (request) => changed(tronList.stopUsing(operatorOf(request))));

  route(app, 'PUT /api/admin/payments/tron/watcher', async (request) => changed(tron.setWatcher(operatorOf(request), request.body)));

  route(app, 'DELETE /api/admin/payments/tron/watcher', async (request) => changed(tron.removeWatcher(operatorOf(request))));

  route(app, 'PUT /api/admin/payments/lookups/:network', async (request) => changed(lookups.set(operatorOf(request), request.params.network, request.body)));

  route(app, 'DELETE /api/admin/payments/lookups/:network', async (request) => changed(lookups.remove(operatorOf(request), request.params.network)));
};

/** Deposits no order holds, for the operator to dismiss (operator scope). */
export const unallocatedRoutes: FastifyPluginAsyncZod = async (app) => {
  const pricesNow: PricesNowOf = (code, now) => app.orders.pricesNow(code, now);

  route(app, 'GET /api/admin/payments/unallocated', async () => ({ deposits: await findUnallocatedDeposits(app.db, pricesNow) }));

  route(app, 'POST /api/admin/payments/unallocated/:id/order', async (request) => {
    const order = await app.orders.createFromDeposit(operatorOf(request), request.params.id, { note: request.body?.note ?? '', overrideHardCap: request.body?.overrideHardCap ?? false });
    return { deposits: await findUnallocatedDeposits(app.db, pricesNow), order };
  });

  route(app, 'POST /api/admin/payments/unallocated/:id/dismiss', async (request) => ({
    deposits: await dismissDeposit(app.db, pricesNow, operatorOf(request), request.params.id, request.body.note),
  }));
};
