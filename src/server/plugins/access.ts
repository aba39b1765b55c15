// Who may call a route is decided by the route the router matched, never by the text of the URL:
// each route is registered inside exactly one access scope, an encapsulated plugin whose onRequest
// hook runs for every route matched inside it, however its path was spelled (%61dmin, //api,
// absolute-form targets). A route registered outside a scope stops the server at start: deny by default.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { STEP_UP_REQUIRED } from '@/contracts/operators';
import { can, canOperator, ROLE_LABELS, ruleOf, STEP_UP_MINUTES, type RouteRule } from '@/contracts/permissions';
import { TOTP_ENROL_REQUIRED } from '@/contracts/two-factor';
import { AppError, unauthorized } from '../errors';
import type { OperatorActor } from '../actor';

export type Access = 'public' | 'buyer' | 'operator';

/** What the guards ask of sessions; app.ts gives them the sessions module's service (plugins do not import modules). */
export interface SessionGuard {
  /** The subject (buyer or operator id) of the request's live session of this kind, or null. */
  subjectOf(request: FastifyRequest, kind: Exclude<Access, 'public'>): Promise<number | null>;
  /** Whether the request's operator session confirmed its password within the last `withinMs`. */
  isSteppedUp(request: FastifyRequest, withinMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who an operator session's subject is; app.ts gives it the operators module's lookup (plugins do not import modules). */
    findActor: (operatorId: number) => Promise<OperatorActor | undefined>;
    sessionGuard: SessionGuard;
  }
  interface FastifyContextConfig {
    /** Set by the access scope the route was registered in. */
    access?: Access;
    /** For operator routes: what the route needs (contracts/permissions.ts), set from its method and URL. */
    rule?: RouteRule;
  }
}

const OPERATOR_REQUIRED = 'Sign in as an operator to continue.';
export const PASSWORD_CHANGE_REQUIRED = 'Choose your own password before going on: you signed in with a one-time password.';

async function requireBuyer(request: FastifyRequest): Promise<void> {
  const userId = await request.server.sessionGuard.subjectOf(request, 'buyer');
  if (userId === null) throw unauthorized();
  request.buyerId = userId;
}

async function requireOperator(request: FastifyRequest): Promise<void> {
  const operatorId = await request.server.sessionGuard.subjectOf(request, 'operator');
  const operator = operatorId === null ? undefined : await request.server.findActor(operatorId);
  if (!operator) throw unauthorized(OPERATOR_REQUIRED);
  request.operator = operator;
  request.log = request.log.child({ operator: operator.login });
  // What the matched route needs, whatever the text of the URL (deny by default: Owners only).
  const rule = request.routeOptions.config.rule ?? ruleOf('');
  const refusal = refusalOf(operator, rule);
  if (refusal) throw refusal;
  // Money, keys and the team: the password confirmed in this session within the last minutes.
  if (rule.stepUp) await requireStepUp(request);
}

/** Why the guard refuses a signed-in operator what `rule` needs (step-up aside), or undefined. */
function refusalOf(operator: OperatorActor, rule: RouteRule): AppError | undefined {
  if (operator.mustChangePassword && rule.need !== 'self') return new AppError('forbidden', PASSWORD_CHANGE_REQUIRED);
  if (operator.mustEnrolSecondFactor && rule.need !== 'self') return new AppError('forbidden', TOTP_ENROL_REQUIRED);
  if (!can(operator.role, rule.need)) return new AppError('forbidden', `Your role (${ROLE_LABELS[operator.role]}) cannot do this.`);
  if (!canOperator(operator, rule.need)) return new AppError('forbidden', 'An Owner has not allowed you to review identity checks.');
  return undefined;
}

/**
 * The operator of the request's session if the operator guard would let them call a route that
 * needs `rule` (a stream outside the operator scope asks this before it carries operator news), else
 * undefined: no live session, disabled, a one-time password or a second factor still to set, a role
 * that may not.
 */
export async function findAdmittedOperator(request: FastifyRequest, rule: RouteRule): Promise<OperatorActor | undefined> {
  const operatorId = await request.server.sessionGuard.subjectOf(request, 'operator');
  const operator = operatorId === null ? undefined : await request.server.findActor(operatorId);
  if (!operator || refusalOf(operator, rule) || (rule.stepUp && !(await isSteppedUp(request)))) return undefined;
  return operator;
}

function isSteppedUp(request: FastifyRequest): Promise<boolean> {
  return request.server.sessionGuard.isSteppedUp(request, STEP_UP_MINUTES * 60_000);
}

async function requireStepUp(request: FastifyRequest): Promise<void> {
  if (!(await isSteppedUp(request))) throw new AppError('step_up_required', STEP_UP_REQUIRED);
}

/**
 * For a route whose body decides what it needs (a crypto's wallet address among its other
 * settings): wallets are the Owner's, with the password confirmed lately.
 */
export async function requireWalletAuthority(request: FastifyRequest): Promise<void> {
  await requireBodyAuthority(request, { owned: ['wallet addresses'], stepUp: true });
}

/**
 * The same for any such body: `owned` names what it changes that only an Owner may (each refused
 * by name for other roles), and `stepUp` whether what it changes needs the password confirmed
 * lately (what a buyer pays; anything `owned` needs it too).
 */
export async function requireBodyAuthority(request: FastifyRequest, need: { owned: string[]; stepUp: boolean }): Promise<void> {
  const operator = operatorOf(request);
  const refused = need.owned.filter(() => !can(operator.role, 'own'));
  if (refused.length > 0) throw new AppError('forbidden', `Your role (${ROLE_LABELS[operator.role]}) cannot change ${refused.join(' or ')}.`);
  if (need.stepUp || need.owned.length > 0) await requireStepUp(request);
}

const GUARDS: Record<Access, ((request: FastifyRequest) => Promise<void>) | null> = {
  public: null,
  buyer: requireBuyer,
  operator: requireOperator,
};

/** A plugin that registers `plugins` under one access rule. */
export function accessScope(access: Access, ...plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access };
      // HEAD runs its GET route's handler (the body is only dropped), so it is judged by the GET route's rule.
      if (access === 'operator') for (const method of [route.method].flat()) route.config.rule = ruleOf(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
    });
    const guard = GUARDS[access];
    if (guard) scope.addHook('onRequest', guard);
    for (const plugin of plugins) await scope.register(plugin);
  };
}

export interface RouteEntry {
  method: string;
  url: string;
  readonly access: Access | undefined;
}

/**
 * Records every route with its access scope, and refuses to start when any route was registered
 * outside a scope. Returns the table, which tests walk.
 */
export function trackRouteAccess(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    // The scope's own onRoute hook runs after this one and sets route.config: read it late.
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
  app.addHook('onReady', async () => {
    const open = routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    if (open.length) throw new Error(`Routes registered outside an access scope (public, buyer or operator): ${open.join(', ')}`);
  });
  return routes;
}

/** The signed-in buyer's id; set by the buyer scope's guard before any handler runs. */
export function buyerIdOf(request: FastifyRequest): number {
  if (request.buyerId === undefined) throw unauthorized();
  return request.buyerId;
}

/** The signed-in operator; set by the operator scope's guard before any handler runs. */
export function operatorOf(request: FastifyRequest): OperatorActor {
  if (!request.operator) throw unauthorized(OPERATOR_REQUIRED);
  return request.operator;
}

/**
 * Whether a request target names a path under /api, however it is spelled: absolute-form, any
 * letter case, percent-encoded, doubled slashes, `.` and `..` segments. Unmatched API paths get the
 * JSON 404 rather than the web app's page.
 */
export function isApiTarget(target: string): boolean {
  let path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the text as it is.
  }
  const resolved: string[] = [];
  for (const segment of path.split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') resolved.pop();
    else resolved.push(segment);
  }
  return /^api(;.*)?$/i.test(resolved[0] ?? '');
}
