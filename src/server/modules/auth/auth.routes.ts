import { isCodeRequest } from '../two-factor/two-factor.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { clientKeyOf } from '../../plugins/client-address';
import { clientOf } from '../sessions/sessions.service';
import type { Me } from '@/contracts/auth';
import { RESET_REQUESTED } from '@/contracts/mail';
import { REFERRAL_COOKIE } from '@/contracts/referrals';
import { findReferrer } from '../referrals/referrals.service';
import { authenticateBuyer, registerBuyer } from './auth.service';
import { sendEmailVerification, verifyEmail } from './email-verification.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/**
 * Registration, sign-in and GET /api/auth/session answer with the buyer's account as GET /api/me
 * shows it. The me module builds that view on top of this one (accounts, verification, resets), so
 * app.ts hands its builder in rather than this module importing it: modules depend one way.
 */
export function authRoutes(accountOf: (userId: number) => Promise<Me>): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = app;

    route(
      app,
      'POST /api/auth/register',
      { config: { rateLimit: { max: config.REGISTER_LIMIT_PER_IP, timeWindow: ONE_HOUR } } },
      async (request, reply) => {
        // The referral link opened first in this browser (kept by /r/{code}) names who referred the buyer.
        const referredBy = await findReferrer(app.db, request.cookies[REFERRAL_COOKIE]);
        const user = await registerBuyer(app.db, request.body, { referredBy: referredBy ?? null, registrationIp: request.ip });
        if (request.cookies[REFERRAL_COOKIE] !== undefined) reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
        await sendEmailVerification(app.db, config.PUBLIC_URL, user);
        const session = await app.sessions.create('buyer', user.id, clientOf(request));
        app.sessions.setCookie(reply, 'buyer', session);
        return reply.status(201).send(await accountOf(user.id));
      },
    );

    route(
      app,
      'POST /api/auth/login',
      { config: { rateLimit: { max: config.LOGIN_LIMIT_PER_IP, timeWindow: FIFTEEN_MINUTES } } },
      async (request, reply) => {
        await app.signInThrottle.check('buyer', request.body.email, clientKeyOf(request));
        // A wrong password or code counts against the sign-in limits; being asked for the code does not.
        const user = await authenticateBuyer(app.db, request.body, app.secondFactorThrottle).catch(async (error: unknown) => {
          if (!isCodeRequest(error)) await app.signInThrottle.failed('buyer', request.body.email, clientKeyOf(request));
          throw error;
        });
        const previous = app.sessions.cookieOf(request, 'buyer');
        if (previous) await app.sessions.destroy(previous);
        const session = await app.sessions.create('buyer', user.id, clientOf(request));
        app.sessions.setCookie(reply, 'buyer', session);
        return accountOf(user.id);
      },
    );

    // The same answer whether or not the address has an account; limited per client and per address.
    route(
      app,
      'POST /api/auth/forgot-password',
      { config: { rateLimit: { max: config.RESET_LIMIT_PER_IP, timeWindow: ONE_HOUR } } },
      async (request) => {
        await app.rateLimiter.consume(`password-reset:${request.body.email.toLowerCase()}`, config.RESET_LIMIT_PER_ADDRESS, ONE_HOUR);
        // Answered before the link is made: the time taken says nothing about whether the account exists.
        void requestPasswordReset(app.db, config.PUBLIC_URL, request.body.email).catch((error: unknown) => request.log.error({ err: error }, 'password-reset link not made'));
        return { message: RESET_REQUESTED };
      },
    );

    // A new password through a link; every session of the buyer ends (they sign in with it).
    route(
      app,
      'POST /api/auth/reset-password',
      { config: { rateLimit: { max: config.RESET_LIMIT_PER_IP, timeWindow: ONE_HOUR } } },
      async (request) => {
        const userId = await resetPassword(app.db, config.PUBLIC_URL, request.body);
        await app.sessions.destroyOthers('buyer', userId, undefined);
        return { ok: true as const };
      },
    );

    // The link sent to an address (verification or change); it works signed in or not (it may be opened on another device).
    route(
      app,
      'POST /api/auth/verify-email',
      { config: { rateLimit: { max: config.RESET_LIMIT_PER_IP, timeWindow: ONE_HOUR } } },
      async (request) => verifyEmail(app.db, request.body.token),
    );

    // Who is signed in, answered with 200 either way: pages ask it on every visit, and a signed-out
    // visitor is an answer, not an error.
    route(app, 'GET /api/auth/session', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const userId = await app.sessions.subjectOf(request, 'buyer');
      return { buyer: userId === null ? null : await accountOf(userId) };
    });

    route(app, 'POST /api/auth/logout', async (request, reply) => {
      const id = app.sessions.cookieOf(request, 'buyer');
      if (id) await app.sessions.destroy(id);
      app.sessions.clearCookie(reply, 'buyer');
      return { ok: true as const };
    });
  };
}
