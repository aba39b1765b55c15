import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { decideWalletChange, listWalletChanges } from './wallets.service';

/** Buyers' requests to change their receiving wallet after the sale ended (operator scope). */
export const walletChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/wallet-changes', async () => listWalletChanges(app.db));

  route(app, 'POST /api/admin/wallet-changes/:id/approve', async (request) =>
    decideWalletChange(app.db, app.config.PUBLIC_URL, operatorOf(request), request.params.id, true, request.body.note ?? ''),
  );

  route(app, 'POST /api/admin/wallet-changes/:id/reject', async (request) => decideWalletChange(app.db, app.config.PUBLIC_URL, operatorOf(request), request.params.id, false, request.body.note));
};
