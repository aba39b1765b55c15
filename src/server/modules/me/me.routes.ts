import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema, passwordChangeBodySchema, profileBodySchema } from '@/contracts/auth';
import { okSchema } from '@/contracts/common';
import { buyerIdOf } from '../../plugins/access';
import { changePassword, getMe, updateProfile } from './me.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: meSchema } } }, async (request) => getMe(app.db, buyerIdOf(request)));

  app.patch('/api/me', { schema: { body: profileBodySchema, response: { 200: meSchema } } }, async (request) => {
    const userId = buyerIdOf(request);
    // An e-mail change probes whether an address has an account, and needs the current password: both throttled.
    await app.rateLimiter.consume(`profile:buyer:${userId}`, app.config.PROFILE_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    return updateProfile(app.db, userId, request.body);
  });

  app.post('/api/me/password', { schema: { body: passwordChangeBodySchema, response: { 200: okSchema } } }, async (request) => {
    const userId = buyerIdOf(request);
    // Guessing the current password through this form is throttled like sign-in.
    await app.rateLimiter.consume(`password:buyer:${userId}`, app.config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    await changePassword(app.db, userId, request.body);
    await app.sessions.destroyOthers('buyer', userId, app.sessions.cookieOf(request, 'buyer'));
    return { ok: true as const };
  });
};
