import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorLoginBodySchema, operatorPasswordBodySchema, operatorSchema } from '@/contracts/admin';
import { okSchema } from '@/contracts/common';
import { operatorOf } from '../../plugins/access';
import { authenticateOperator, changeOperatorPassword } from './operators.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Sign-in and sign-out: open to anyone (sign-out of no session is a no-op). */
export const operatorAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.post(
    '/api/admin/auth/login',
    {
      schema: { body: operatorLoginBodySchema, response: { 200: operatorSchema } },
      config: { rateLimit: { max: config.LOGIN_LIMIT_PER_IP, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request, reply) => {
      await app.signInThrottle.check('operator', request.body.login, request.ip);
      const operator = await authenticateOperator(app.db, request.body.login, request.body.password).catch(async (error: unknown) => {
        await app.signInThrottle.failed('operator', request.body.login, request.ip);
        throw error;
      });
      const previous = app.sessions.cookieOf(request, 'operator');
      if (previous) await app.sessions.destroy(previous);
      app.sessions.setCookie(reply, 'operator', await app.sessions.create('operator', operator.id));
      return { id: operator.id, login: operator.login };
    },
  );

  app.post('/api/admin/auth/logout', { schema: { body: z.undefined().or(z.strictObject({})), response: { 200: okSchema } } }, async (request, reply) => {
    const id = app.sessions.cookieOf(request, 'operator');
    if (id) await app.sessions.destroy(id);
    app.sessions.clearCookie(reply, 'operator');
    return { ok: true as const };
  });
};

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.get('/api/admin/me', { schema: { response: { 200: operatorSchema } } }, async (request) => operatorOf(request));

  app.put('/api/admin/password', { schema: { body: operatorPasswordBodySchema, response: { 200: okSchema } } }, async (request) => {
    const actor = operatorOf(request);
    await app.rateLimiter.consume(`password:operator:${actor.id}`, config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    await changeOperatorPassword(app.db, actor, request.body);
    await app.sessions.destroyOthers('operator', actor.id, app.sessions.cookieOf(request, 'operator'));
    return { ok: true as const };
  });
};
