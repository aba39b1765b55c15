import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { clientKeyOf } from '../../plugins/client-address';
import { clientOf } from '../sessions/sessions.service';
import { operatorOf } from '../../plugins/access';
import { getNotifications, setNotifications } from './notifications.service';
import { isCodeRequest } from '../two-factor/two-factor.service';
import { changeOperatorPassword, confirmPassword, signInOperator } from './operators.service';
import { addOperator, changeOperator, listTeam, resetTeamPassword, resetTeamTwoFactor, setTeamPolicy } from './team.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Sign-in and sign-out: open to anyone (sign-out of no session is a no-op). */
export const operatorAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  route(
    app,
    'POST /api/admin/auth/login',
    { config: { rateLimit: { max: config.LOGIN_LIMIT_PER_IP, timeWindow: FIFTEEN_MINUTES } } },
    async (request, reply) => {
      await app.signInThrottle.check('operator', request.body.login, clientKeyOf(request));
      // A wrong password or code counts against the sign-in limits; being asked for the code does not.
      const operator = await signInOperator(app.db, request.body.login, request.body.password, request.body.code, app.secondFactorThrottle).catch(async (error: unknown) => {
        if (!isCodeRequest(error)) await app.signInThrottle.failed('operator', request.body.login, clientKeyOf(request));
        throw error;
      });
      const previous = app.sessions.cookieOf(request, 'operator');
      if (previous) await app.sessions.destroy(previous);
      app.sessions.setCookie(reply, 'operator', await app.sessions.create('operator', operator.id, clientOf(request)));
      return operator;
    },
  );

  route(app, 'POST /api/admin/auth/logout', async (request, reply) => {
    const id = app.sessions.cookieOf(request, 'operator');
    if (id) await app.sessions.destroy(id);
    app.sessions.clearCookie(reply, 'operator');
    return { ok: true as const };
  });
};

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  route(app, 'GET /api/admin/me', async (request) => operatorOf(request));

  route(app, 'GET /api/admin/notifications', async (request) => getNotifications(app.db, operatorOf(request).id));
  route(app, 'PUT /api/admin/notifications', async (request) => setNotifications(app.db, operatorOf(request), request.body));

  route(app, 'PUT /api/admin/password', async (request) => {
    const actor = operatorOf(request);
    await app.rateLimiter.consume(`password:operator:${actor.id}`, config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    await changeOperatorPassword(app.db, actor, request.body);
    await app.sessions.destroyOthers('operator', actor.id, app.sessions.cookieOf(request, 'operator'));
    return { ok: true as const };
  });

  route(app, 'GET /api/admin/operators', async () => listTeam(app.db));

  route(app, 'POST /api/admin/operators', async (request, reply) => reply.status(201).send(await addOperator(app.db, operatorOf(request), request.body)));

  route(app, 'PATCH /api/admin/operators/:id', async (request) => {
    const { operator, endSessions } = await changeOperator(app.db, operatorOf(request), request.params.id, request.body);
    if (endSessions) await app.sessions.destroyOthers('operator', operator.id, undefined);
    return operator;
  });

  // A reset ends the operator's sessions: whoever held the old password is out.
  route(app, 'POST /api/admin/operators/:id/reset-password', async (request) => {
    const reset = await resetTeamPassword(app.db, operatorOf(request), request.params.id);
    await app.sessions.destroyOthers('operator', reset.operator.id, undefined);
    return reset;
  });

  route(app, 'PUT /api/admin/operators/policy', async (request) => setTeamPolicy(app.db, operatorOf(request), request.body.requireTwoFactor));
  route(app, 'DELETE /api/admin/operators/:id/two-factor', async (request) => resetTeamTwoFactor(app.db, operatorOf(request), request.params.id));

  // A confirmed password (and code) opens the routes that move money or keys for a few minutes.
  route(app, 'POST /api/admin/step-up', async (request) => {
    const actor = operatorOf(request);
    await app.rateLimiter.consume(`step-up:operator:${String(actor.id)}`, config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    await confirmPassword(app.db, actor, request.body.password, request.body.code || undefined, app.secondFactorThrottle);
    const session = app.sessions.cookieOf(request, 'operator');
    if (session) await app.sessions.stepUp(session);
    return { ok: true as const };
  });
};
