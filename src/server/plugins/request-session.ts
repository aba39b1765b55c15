// The request's session, looked up once per request and kind however many places ask (the access
// guards, GET /api/auth/session, the event stream): each lookup may cost a database round trip.
import type { FastifyRequest } from 'fastify';
import type { SessionKind } from './sessions';

const lookups = new WeakMap<FastifyRequest, Partial<Record<SessionKind, Promise<number | null>>>>();

/** The subject (buyer or operator id) of the request's live session of this kind, or null. */
export function findRequestSession(request: FastifyRequest, kind: SessionKind): Promise<number | null> {
  let byKind = lookups.get(request);
  if (!byKind) lookups.set(request, (byKind = {}));
  return (byKind[kind] ??= lookUp(request, kind));
}

async function lookUp(request: FastifyRequest, kind: SessionKind): Promise<number | null> {
  const { sessions } = request.server;
  const id = sessions.cookieOf(request, kind);
  return id ? sessions.find(kind, id) : null;
}
