import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, meSchema, registerBodySchema, sessionSchema } from '@/contracts/auth';
import { okSchema } from '@/contracts/common';
import { getMe } from '../me/me.service';
import { authenticateBuyer, registerBuyer } from './auth.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.post(
    '/api/auth/register',
    {
      schema: { body: registerBodySchema, response: { 201: meSchema } },
      config: { rateLimit: { max: config.REGISTER_LIMIT_PER_IP, timeWindow: ONE_HOUR } },
    },
    async (request, reply) => {
      const user = await registerBuyer(app.db, request.body);
      const session = await app.sessions.create('buyer', user.id);
      app.sessions.setCookie(reply, 'buyer', session);
      return reply.status(201).send(await getMe(app.db, user.id));
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: loginBodySchema, response: { 200: meSchema } },
      config: { rateLimit: { max: config.LOGIN_LIMIT_PER_IP, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request, reply) => {
      await app.signInThrottle.check('buyer', request.body.email, request.ip);
      const user = await authenticateBuyer(app.db, request.body).catch(async (error: unknown) => {
        await app.signInThrottle.failed('buyer', request.body.email, request.ip);
        throw error;
      });
      const previous = app.sessions.cookieOf(request, 'buyer');
      if (previous) await app.sessions.destroy(previous);
      const session = await app.sessions.create('buyer', user.id);
      app.sessions.setCookie(reply, 'buyer', session);
      return getMe(app.db, user.id);
    },
  );

  // Who is signed in, answered with 200 either way: pages ask it on every visit, and a signed-out
  // visitor is an answer, not an error.
  app.get('/api/auth/session', { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const id = app.sessions.cookieOf(request, 'buyer');
    const userId = id ? await app.sessions.find('buyer', id) : null;
    return { buyer: userId === null ? null : await getMe(app.db, userId) };
  });

  app.post('/api/auth/logout', { schema: { body: z.undefined().or(z.strictObject({})), response: { 200: okSchema } } }, async (request, reply) => {
    const id = app.sessions.cookieOf(request, 'buyer');
    if (id) await app.sessions.destroy(id);
    app.sessions.clearCookie(reply, 'buyer');
    return { ok: true as const };
  });
};
