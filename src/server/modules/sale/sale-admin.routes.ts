import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mainCurrencyBodySchema, mainCurrencySchema, saleSettingsBodySchema, saleSettingsSchema } from '@/contracts/admin';
import { operatorOf } from '../../plugins/access';
import { getSaleSettingsView, updateSaleSettings, updateTokenPrice } from './sale-admin.service';

export const saleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/sale', { schema: { response: { 200: saleSettingsSchema } } }, async () => getSaleSettingsView(app.db));

  // Open pages refetch the sale at once, and every instance drops its cached figures.
  app.put('/api/admin/sale', { schema: { body: saleSettingsBodySchema, response: { 200: saleSettingsSchema } } }, async (request) => {
    const saved = await updateSaleSettings(app.db, operatorOf(request), request.body);
    app.events.publish({ type: 'sale' });
    return saved;
  });

  app.put('/api/admin/main-currency', { schema: { body: mainCurrencyBodySchema, response: { 200: mainCurrencySchema } } }, async (request) => {
    const saved = await updateTokenPrice(app.db, operatorOf(request), request.body.priceUsd);
    app.events.publish({ type: 'sale' });
    return saved;
  });
};
