// The token price lives in the sale settings, but changing it recomputes every crypto's rate in the
// same transaction: the route is the rates module's, which builds on the sale module (never the reverse).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { updateTokenPrice } from './rates.service';

export const tokenPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'PUT /api/admin/main-currency', async (request) => updateTokenPrice(app.db, app.events, operatorOf(request), request.body.priceUsd));
};
