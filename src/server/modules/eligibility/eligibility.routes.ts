import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';

/** The buyer's declared country, asked on Buy Token of accounts made before registration asked it. */
export const myCountryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/country', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.eligibility.mine(buyerIdOf(request), request.ip);
  });

  route(app, 'POST /api/me/country', async (request) => app.eligibility.declare(buyerIdOf(request), request.body.country, request.ip));
};

/** The restricted countries and the MaxMind file (step-up: the route table's rule). */
export const adminEligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/eligibility', async () => app.eligibility.settings());

  route(app, 'PUT /api/admin/eligibility', async (request) => app.eligibility.changeSettings(operatorOf(request), request.body));
};
