import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';
import { getMyDelivery, importDeliveries, publishClaim, recordDelivery } from './deliveries.service';
import { getDeliveryOverview, getDistributionDetail, merkleJson, multisendCsv, openDistribution, setTokenDelivery } from './distribution.service';

/** Token delivery in the back-office (operator scope). */
export const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const saleOver = async () => {
    const { state } = await app.saleFigures.get();
    return state === 'ended' || state === 'sold_out';
  };

  route(app, 'GET /api/admin/distributions', async () => getDeliveryOverview(app.db, await saleOver()));

  route(app, 'PUT /api/admin/distributions/token', async (request) => setTokenDelivery(app.db, operatorOf(request), request.body, await saleOver()));

  route(app, 'POST /api/admin/distributions', async (request) => openDistribution(app.db, operatorOf(request), await saleOver()));

  route(app, 'GET /api/admin/distributions/:id', async (request) => getDistributionDetail(app.db, request.params.id));

  route(app, 'GET /api/admin/distributions/:id/multisend.csv', async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="distribution-${request.params.id}-multisend.csv"`)
      .send(await multisendCsv(app.db, request.params.id)),
  );

  route(app, 'GET /api/admin/distributions/:id/merkle.json', async (request, reply) =>
    reply.header('content-disposition', `attachment; filename="distribution-${request.params.id}-merkle.json"`).send(await merkleJson(app.db, request.params.id)),
  );

  route(app, 'POST /api/admin/distributions/:id/deliveries', async (request) => recordDelivery(app.db, operatorOf(request), request.params.id, request.body));

  // A multisend report of many thousand lines is a few hundred kilobytes; the contract caps it at 2 MB.
  route(app, 'POST /api/admin/distributions/:id/deliveries/import', { bodyLimit: 3 * 1024 * 1024 }, async (request) =>
    importDeliveries(app.db, operatorOf(request), request.params.id, request.body.csv),
  );

  route(app, 'POST /api/admin/distributions/:id/claim', async (request) => publishClaim(app.db, operatorOf(request), request.params.id, request.body));
};

/** The buyer's own deliveries, for the Token Hub (buyer scope). */
export const myDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/delivery', async (request) => getMyDelivery(app.db, buyerIdOf(request)));
};
