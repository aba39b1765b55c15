// Active sessions (issue 15): the signed-in operator or buyer lists where they are signed in (the
// browser from its user agent, the address, when last used) and ends any one, or all but this one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import Bowser from 'bowser';
import type { SessionEntry } from '@/contracts/sessions';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';
import type { SessionKind } from './sessions.service';

/** "Firefox 128 on Windows", or what little the user agent says. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0] ?? ''}` : ''}` : 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}

function sessionListRoutes(kind: SessionKind, prefix: '/api/me' | '/api/admin', subjectOf: (request: FastifyRequest) => number): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, `GET ${prefix}/sessions`, async (request) => {
      const rows = await app.sessions.list(kind, subjectOf(request), app.sessions.cookieOf(request, kind));
      const sessions: SessionEntry[] = rows.map((s) => ({
        id: s.idHash,
        device: deviceOf(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.current,
      }));
      return { sessions };
    });
    route(app, `DELETE ${prefix}/sessions/:id`, async (request) => {
      if (!(await app.sessions.destroyByHash(kind, subjectOf(request), request.params.id))) throw notFound('This session has ended already.');
      return { ok: true as const };
    });
    route(app, `POST ${prefix}/sessions/end-others`, async (request) => {
      await app.sessions.destroyOthers(kind, subjectOf(request), app.sessions.cookieOf(request, kind));
      return { ok: true as const };
    });
  };
}

export const buyerSessionRoutes = sessionListRoutes('buyer', '/api/me', buyerIdOf);
export const operatorSessionRoutes = sessionListRoutes('operator', '/api/admin', (request) => operatorOf(request).id);
