import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeWithPreparedJson } from '../../http/route';

export const saleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The most polled answer of all: SaleFigures keeps its JSON, checked against `saleSchema` once per
  // change, so no per-request serialisation runs here (BENCHMARKS.md, P1).
  routeWithPreparedJson(app, 'GET /api/sale', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(await app.saleFigures.json()),
  );
};
