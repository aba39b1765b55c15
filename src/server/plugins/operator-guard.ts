// One hook guards every /api/admin/* route but sign-in: only a live operator session passes.
// A buyer session grants nothing here. The operator's login tags the request log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { findOperatorById } from '../modules/operators/operators.repository';
import type { Actor } from '../modules/audit/audit.repository';

const OPEN_ROUTES = new Set(['POST /api/admin/auth/login']);

export function isAdminPath(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/') || url.startsWith('/api/admin?');
}

export function registerOperatorGuard(app: FastifyInstance): void {
  const guard = async (request: FastifyRequest): Promise<void> => {
    const path = request.url.split('?')[0] ?? '';
    if (OPEN_ROUTES.has(`${request.method} ${path}`)) return;
    const id = app.sessions.cookieOf(request, 'operator');
    const operatorId = id ? await app.sessions.find('operator', id) : null;
    const operator = operatorId === null ? undefined : await findOperatorById(app.db, operatorId);
    if (!operator) throw unauthorized('Sign in as an operator to continue.');
    request.operator = { id: operator.id, login: operator.login };
    request.log = request.log.child({ operator: operator.login });
  };
  // Every request passes here: the public ones leave at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isAdminPath(request.url)) {
      done();
      return;
    }
    guard(request).then(() => done(), done);
  });
}

/** The signed-in operator; only valid under /api/admin, behind the guard. */
export function operatorOf(request: FastifyRequest): Actor {
  if (!request.operator) throw unauthorized('Sign in as an operator to continue.');
  return request.operator;
}
