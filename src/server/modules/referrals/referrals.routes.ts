import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '@/contracts/referrals';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';
import { createCampaignCode, getCampaignOffer, listCampaignCodes } from './campaign-codes.service';
import { changeReferralSettings, findReferrer, getMyReferrals, getReferralReport, getReferralSettings, referralsCsv } from './referrals.service';

/**
 * /r/{code}: the browser keeps the code of the first referral link it opens for 30 days (a later link
 * does not replace it), then the landing page. Registration reads it (auth module).
 */
export const referralLinkRoutes: FastifyPluginAsync = async (app) => {
  app.get('/r/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const kept = request.cookies[REFERRAL_COOKIE];
    if (kept === undefined && (await findReferrer(app.db, code.toLowerCase())) !== undefined) {
      reply.setCookie(REFERRAL_COOKIE, code.toLowerCase(), { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.PUBLIC_URL.startsWith('https:'), maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60 });
    }
    return reply.header('cache-control', 'no-store').redirect('/', 302);
  });
};

export const myReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/referrals', async (request) => getMyReferrals(app.db, buyerIdOf(request)));

  // The Buy Token quote's campaign bonus, or why the code cannot be used (at the field).
  route(app, 'GET /api/campaign-codes/:code', async (request) => getCampaignOffer(app.db, request.params.code));
};

export const adminReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/referrals', async () => getReferralReport(app.db));

  route(app, 'GET /api/admin/referrals.csv', async (_request, reply) => {
    const name = `referrals-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(await referralsCsv(app.db));
  });

  route(app, 'GET /api/admin/referrals/settings', async () => getReferralSettings(app.db));

  route(app, 'PUT /api/admin/referrals/settings', async (request) => changeReferralSettings(app.db, operatorOf(request), request.body));

  route(app, 'GET /api/admin/campaign-codes', async () => listCampaignCodes(app.db));

  route(app, 'POST /api/admin/campaign-codes', async (request, reply) => reply.status(201).send(await createCampaignCode(app.db, operatorOf(request), request.body)));
};
