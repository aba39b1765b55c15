import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { getSaleSettingsView, updateSaleSettings } from './sale-admin.service';

export const saleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const expiry = { unit: app.config.ORDER_EXPIRY_UNIT, min: app.config.ORDER_EXPIRY_MIN };
  route(app, 'GET /api/admin/sale', async () => getSaleSettingsView(app.db, expiry));

  route(app, 'PUT /api/admin/sale', async (request) => updateSaleSettings(app.db, app.events, operatorOf(request), request.body, expiry));
};
