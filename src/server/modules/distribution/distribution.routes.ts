import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
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
};
