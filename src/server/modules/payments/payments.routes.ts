import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { getPaymentSettings, PaymentSettingsService } from './payment-settings.service';

/** The back-office's Payments settings (operator scope). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = new PaymentSettingsService(app.db, app.depositAddresses);

  route(app, 'GET /api/admin/payments', async () => getPaymentSettings(app.db));

  route(app, 'PUT /api/admin/payments/evm-key', async (request) => settings.setEvmKey(operatorOf(request), request.body));

  route(app, 'DELETE /api/admin/payments/evm-key', async (request) => settings.removeEvmKey(operatorOf(request)));

  route(app, 'PUT /api/admin/payments/chains/:chainId', async (request) => settings.setChain(operatorOf(request), request.params.chainId, request.body));

  route(app, 'DELETE /api/admin/payments/chains/:chainId', async (request) => settings.removeChain(operatorOf(request), request.params.chainId));
};
