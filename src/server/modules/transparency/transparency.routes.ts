import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LedgerExport } from '@/contracts/transparency';
import { route } from '../../http/route';
import { exportLedger, getOverview, getPublicOrders, getTransparency, publicOrdersCsv } from './transparency.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Whole-sale downloads per visitor address: enough to check and re-check, not to load the database. */
const DOWNLOADS_PER_IP = 30;

const today = () => new Date().toISOString().slice(0, 10);

export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/transparency', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return getTransparency(app.db);
  });

  route(app, 'GET /api/transparency/orders', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return getPublicOrders(app.db, request.query.page, request.query.pageSize);
  });

  const downloads = { config: { rateLimit: { max: DOWNLOADS_PER_IP, timeWindow: FIFTEEN_MINUTES } } };

  route(app, 'GET /api/transparency/orders.csv', downloads, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="approved-orders-${today()}.csv"`)
      .send(await publicOrdersCsv(app.db)),
  );

  // Sent as text: the export can be large, and it is built from the contract's own types.
  route(app, 'GET /api/transparency/ledger.json', downloads, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-${today()}.json"`)
      .header('cache-control', 'no-store')
      // A string skips the response serialiser (which would check every entry again).
      .serializer((payload) => payload as string)
      .send(JSON.stringify(await exportLedger(app.db)) as unknown as LedgerExport),
  );
};

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/overview', async (request) => getOverview(app.db, request.query.range));
};
