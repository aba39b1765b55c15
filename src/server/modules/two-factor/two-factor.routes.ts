// Two-factor sign-in for the signed-in account: operators under /api/admin (operator scope), buyers
// under /api/me (buyer scope). Codes are limited per account, like passwords. Turning it on ends the
// account's other sessions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';
import { getSaleSettings } from '../sale/sale.service';
import { beginOwnEnrolment, confirmEnrolment, turnOffSecondFactor, twoFactorState, type SubjectKind } from './two-factor.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function twoFactorRoutes(kind: SubjectKind, prefix: '/api/admin' | '/api/me', subjectOf: (request: FastifyRequest) => number): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = (id: number) => app.rateLimiter.consume(`totp:${kind}:${String(id)}`, app.config.LOGIN_LIMIT_PER_ACCOUNT, FIFTEEN_MINUTES);
    route(app, `GET ${prefix}/two-factor`, async (request) => twoFactorState(app.db, kind, subjectOf(request)));
    route(app, `POST ${prefix}/two-factor/enrolment`, async (request) => beginOwnEnrolment(app.db, kind, subjectOf(request), (await getSaleSettings(app.db)).tokenName));
    route(app, `POST ${prefix}/two-factor`, async (request) => {
      const id = subjectOf(request);
      await limit(id);
      const turnedOn = await confirmEnrolment(app.db, kind, id, request.body, app.config.PUBLIC_URL);
      // Sessions opened before the second factor (a stolen password's among them) end with it.
      await app.sessions.destroyOthers(kind, id, app.sessions.cookieOf(request, kind));
      return turnedOn;
    });
    route(app, `DELETE ${prefix}/two-factor`, async (request) => {
      const id = subjectOf(request);
      await limit(id);
      await turnOffSecondFactor(app.db, kind, id, request.body, app.secondFactorThrottle, app.config.PUBLIC_URL);
      return { ok: true as const };
    });
  };
}

export const operatorTwoFactorRoutes = twoFactorRoutes('operator', '/api/admin', (request) => operatorOf(request).id);
export const buyerTwoFactorRoutes = twoFactorRoutes('buyer', '/api/me', buyerIdOf);
