import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { changeWithdrawalSettings, completeWithdrawal, declineWithdrawal, getWithdrawalSettings, listWithdrawals } from './withdrawal.service';

/** The withdrawal right in the back-office (decision 040): the setting, the requests, refunds and declines. */
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/withdrawals', async () => listWithdrawals(app.db));

  route(app, 'GET /api/admin/withdrawals/settings', async () => getWithdrawalSettings(app.db));

  route(app, 'PUT /api/admin/withdrawals/settings', async (request) => changeWithdrawalSettings(app.db, operatorOf(request), request.body));

  route(app, 'POST /api/admin/withdrawals/:id/complete', async (request) => completeWithdrawal(app.db, app.events, app.config.PUBLIC_URL, operatorOf(request), request.params.id, request.body));

  route(app, 'POST /api/admin/withdrawals/:id/decline', async (request) => declineWithdrawal(app.db, app.events, app.config.PUBLIC_URL, operatorOf(request), request.params.id, request.body));
};
