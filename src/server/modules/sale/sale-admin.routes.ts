import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { updateTokenPrice } from '../rates/rates.service';
import { getSaleSettingsView, updateSaleSettings } from './sale-admin.service';

export const saleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/sale', async () => getSaleSettingsView(app.db));

  route(app, 'PUT /api/admin/sale', async (request) => updateSaleSettings(app.db, app.events, operatorOf(request), request.body));

  route(app, 'PUT /api/admin/main-currency', async (request) => updateTokenPrice(app.db, app.events, operatorOf(request), request.body.priceUsd));
};
