import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { buyerIdOf } from '../../plugins/access';
import { cancelEmailChange } from '../auth/email-verification.service';
import { withdrawWalletRequest } from '../wallets/wallets.service';
import { changePassword, getMe, resendEmailVerification, setMailPreferences, setReceivingWallet, updateProfile } from './me.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me', async (request) => getMe(app.db, buyerIdOf(request)));

  route(app, 'PATCH /api/me', async (request) => {
    const userId = buyerIdOf(request);
    // An e-mail change probes whether an address has an account, and needs the current password: both throttled.
    await app.rateLimiter.consume(`profile:buyer:${userId}`, app.config.PROFILE_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    // Each change of address mails two people: as many per hour as password-reset links.
    return updateProfile(app.db, app.config.PUBLIC_URL, userId, request.body, () =>
      app.rateLimiter.consume(`email-change:buyer:${userId}`, app.config.RESET_LIMIT_PER_ADDRESS, 60 * 60 * 1000),
    );
  });

  route(app, 'DELETE /api/me/email-change', async (request) => {
    const userId = buyerIdOf(request);
    await cancelEmailChange(app.db, userId);
    return getMe(app.db, userId);
  });

  route(app, 'POST /api/me/verify-email', async (request) => {
    const userId = buyerIdOf(request);
    await app.rateLimiter.consume(`verify-email:buyer:${userId}`, app.config.RESET_LIMIT_PER_ADDRESS, 60 * 60 * 1000);
    return resendEmailVerification(app.db, app.config.PUBLIC_URL, userId);
  });

  route(app, 'PUT /api/me/wallet', async (request) => {
    const userId = buyerIdOf(request);
    // Guessing the current password through this form is throttled like sign-in.
    await app.rateLimiter.consume(`password:buyer:${userId}`, app.config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    const { state } = await app.saleFigures.get();
    return setReceivingWallet(app.db, app.config.PUBLIC_URL, userId, request.body, state === 'ended' || state === 'sold_out');
  });

  route(app, 'DELETE /api/me/wallet-request', async (request) => {
    const userId = buyerIdOf(request);
    await withdrawWalletRequest(app.db, userId);
    return getMe(app.db, userId);
  });

  route(app, 'PUT /api/me/mail-preferences', async (request) => setMailPreferences(app.db, buyerIdOf(request), request.body.orderUpdates));

  route(app, 'POST /api/me/password', async (request) => {
    const userId = buyerIdOf(request);
    // Guessing the current password through this form is throttled like sign-in.
    await app.rateLimiter.consume(`password:buyer:${userId}`, app.config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    await changePassword(app.db, userId, request.body, app.config.PUBLIC_URL);
    await app.sessions.destroyOthers('buyer', userId, app.sessions.cookieOf(request, 'buyer'));
    return { ok: true as const };
  });
};
