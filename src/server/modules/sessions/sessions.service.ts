// Server-side sessions: the cookie holds a random id; the database holds only its SHA-256 and an expiry.
// The access guards (plugins/access.ts) sit below the modules: app.ts hands them this store as their
// `sessionGuard`, so no plugin imports this module.
import { hashSecretToken, newSecretToken } from '../../secret-token';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { StatementBatch } from '../../db/statement-batch';
import type { SessionGuard } from '../../plugins/access';
import type { EventBus } from '../../plugins/event-bus';
import {
  deleteSession,
  deleteSubjectSession,
  deleteSubjectSessions,
  findLiveBuyerSessions,
  findLiveSession,
  findSubjectSessions,
  insertSession,
  isSessionLive,
  isSteppedUpSince,
  markSeen,
  markSteppedUp,
  slideLiveSession,
  type LiveSession,
  type SessionKind,
  type SessionRow,
} from './sessions.repository';

export type { SessionKind } from './sessions.repository';

/** Time as sessions see it, and a timer on the same time: tests pass a manual one to drive expiry. */
export interface Clock {
  now(): number;
  /** Calls `fn` once `ms` have passed; the function returned cancels it. */
  setTimeout(fn: () => void, ms: number): () => void;
}

/** Node's timers take at most 2^31 - 1 ms (24.8 days); a longer wait fires early and its caller checks again. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, Math.min(Math.max(ms, 0), MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  },
};

/** Where a session was opened: the browser's user agent and the client's address. */
export interface SessionClient {
  userAgent: string;
  ip: string;
}

export const clientOf = (request: FastifyRequest): SessionClient => ({ userAgent: request.headers['user-agent'] ?? '', ip: request.ip });

/** A session's last use is recorded at most this often (the list shows it; it costs a write). */
const SEEN_EVERY_MS = 5 * 60_000;

export const SESSION_COOKIES: Record<SessionKind, string> = {
  buyer: 'presale_session',
  operator: 'presale_operator_session',
};

/**
 * Over https the cookies carry the `__Host-` prefix: browsers then accept them only if Secure,
 * with Path=/ and no Domain, so no subdomain or plain-http page can plant or overwrite them.
 */
export function sessionCookieName(kind: SessionKind, https: boolean): string {
  return https ? `__Host-${SESSION_COOKIES[kind]}` : SESSION_COOKIES[kind];
}

/**
 * How long a session found in the database is trusted without asking again. Ending sessions
 * (sign-out, password change) drops them here at once on this instance and, through the event bus,
 * within milliseconds on the others; this bound only matters if that notification is lost.
 */
export const SESSION_RECHECK_MS = 10_000;
const MAX_REMEMBERED = 100_000;

const hashId = hashSecretToken;

interface Remembered {
  kind: SessionKind;
  subjectId: number;
  expiresAt: number;
  foundAt: number;
}

export class SessionStore implements SessionGuard {
  /**
   * Live sessions found lately, by the hash of their id: most requests of a signed-in page need no
   * query. Whether one is still trusted is judged by `clock` in `find` (tests drive that clock), so
   * the cache only bounds the memory.
   */
  private readonly remembered = new LRUCache<string, Remembered>({ max: MAX_REMEMBERED });
  /** The clock sessions end by, with its timer (event streams end on it). */
  readonly timer: Clock;
  private readonly clock: () => number;
  /**
   * The request's session, looked up once per request and kind however many places ask (the access
   * guards, GET /api/auth/session, the event stream): each lookup may cost a database round trip.
   */
  private readonly byRequest = new WeakMap<FastifyRequest, Partial<Record<SessionKind, Promise<number | null>>>>();

  /**
   * Buyers' sessions looked up together: on a launch, thousands of buyers' first requests each need
   * one, and those that arrive together share a statement (operators' lookups move their session's
   * end, one by one).
   */
  private readonly buyerLookups = new StatementBatch<{ idHash: string; now: number }, LiveSession | undefined>(async (waiting) => {
    const found = await findLiveBuyerSessions(this.db, [...new Set(waiting.map((w) => w.input.idHash))], new Date(Math.min(...waiting.map((w) => w.input.now))));
    for (const { input, resolve } of waiting) {
      const row = found.get(input.idHash);
      resolve(row && row.expiresAt.getTime() > input.now ? row : undefined);
    }
  }, 500);

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events?: EventBus,
    clock: (() => number) | Clock = systemClock,
  ) {
    this.timer = typeof clock === 'function' ? { ...systemClock, now: clock } : clock;
    this.clock = () => this.timer.now();
    events?.subscribe((e) => {
      if (e.type === 'sessions-ended') this.forgetSubject(e.kind, e.subjectId);
    });
  }

  private get https(): boolean {
    return this.config.PUBLIC_URL.startsWith('https:');
  }

  private get idleMs(): number {
    return this.config.OPERATOR_IDLE_MINUTES * 60 * 1000;
  }

  /**
   * A new session. Buyers' last SESSION_DAYS; operators' end after OPERATOR_IDLE_MINUTES without a
   * request and OPERATOR_SESSION_HOURS after sign-in at most. The cookie lives as long as the session may.
   */
  async create(kind: SessionKind, subjectId: number, client: SessionClient = { userAgent: '', ip: '' }): Promise<{ id: string; expiresAt: Date }> {
    const { token: id } = newSecretToken();
    const now = this.clock();
    const maxExpiresAt = kind === 'operator' ? new Date(now + this.config.OPERATOR_SESSION_HOURS * 60 * 60 * 1000) : null;
    const expiresAt = maxExpiresAt ? new Date(Math.min(maxExpiresAt.getTime(), now + this.idleMs)) : new Date(now + this.config.SESSION_DAYS * 24 * 60 * 60 * 1000);
    await insertSession(this.db, { idHash: hashId(id), kind, subjectId, expiresAt, maxExpiresAt, userAgent: client.userAgent.slice(0, 400), ip: client.ip, lastSeenAt: new Date(now) });
    return { id, expiresAt: maxExpiresAt ?? expiresAt };
  }

  /** The subject of a live session of this kind, or null. */
  async find(kind: SessionKind, id: string): Promise<number | null> {
    const idHash = hashId(id);
    const now = this.clock();
    const known = this.remembered.get(idHash);
    if (known && known.kind === kind && now - known.foundAt < SESSION_RECHECK_MS && known.expiresAt > now) return known.subjectId;
    const row =
      kind === 'operator'
        ? await slideLiveSession(this.db, idHash, kind, new Date(now), new Date(now + this.idleMs))
        : await this.buyerLookups.call({ idHash, now });
    if (!row) {
      this.remembered.delete(idHash);
      return null;
    }
    if (now - row.lastSeenAt.getTime() > SEEN_EVERY_MS) await markSeen(this.db, idHash, new Date(now));
    this.remembered.set(idHash, { kind, subjectId: row.subjectId, expiresAt: row.expiresAt.getTime(), foundAt: now });
    return row.subjectId;
  }

  /** The subject (buyer or operator id) of the request's live session of this kind, or null. */
  subjectOf(request: FastifyRequest, kind: SessionKind): Promise<number | null> {
    let byKind = this.byRequest.get(request);
    if (!byKind) this.byRequest.set(request, (byKind = {}));
    return (byKind[kind] ??= this.lookUp(request, kind));
  }

  private async lookUp(request: FastifyRequest, kind: SessionKind): Promise<number | null> {
    const id = this.cookieOf(request, kind);
    return id ? this.find(kind, id) : null;
  }

  async destroy(id: string): Promise<void> {
    const idHash = hashId(id);
    this.remembered.delete(idHash);
    const ended = await deleteSession(this.db, idHash);
    for (const s of ended) this.announce(s.kind, s.subjectId);
  }

  /** Ends every session of a subject except the one given (after a password change). */
  async destroyOthers(kind: SessionKind, subjectId: number, keepId: string | undefined): Promise<void> {
    await deleteSubjectSessions(this.db, kind, subjectId, keepId ? hashId(keepId) : undefined);
    this.forgetSubject(kind, subjectId);
    this.announce(kind, subjectId);
  }

  /** Other instances drop what they remember of the subject's sessions; the kept one is found again. */
  private announce(kind: SessionKind, subjectId: number): void {
    this.events?.publish({ type: 'sessions-ended', kind, subjectId });
  }

  private forgetSubject(kind: SessionKind, subjectId: number): void {
    const hashes = [...this.remembered.entries()].filter(([, s]) => s.kind === kind && s.subjectId === subjectId).map(([hash]) => hash);
    for (const hash of hashes) this.remembered.delete(hash);
  }

  setCookie(reply: FastifyReply, kind: SessionKind, session: { id: string; expiresAt: Date }): void {
    void reply.setCookie(sessionCookieName(kind, this.https), session.id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.https,
      expires: session.expiresAt,
    });
  }

  clearCookie(reply: FastifyReply, kind: SessionKind): void {
    void reply.clearCookie(sessionCookieName(kind, this.https), { path: '/', httpOnly: true, sameSite: 'lax', secure: this.https });
  }

  cookieOf(request: FastifyRequest, kind: SessionKind): string | undefined {
    const value = request.cookies[sessionCookieName(kind, this.https)];
    return value && value.length <= 128 ? value : undefined;
  }

  /** The subject's live sessions, newest use first, marking the one `currentId` names. */
  async list(kind: SessionKind, subjectId: number, currentId: string | undefined): Promise<(SessionRow & { current: boolean })[]> {
    const current = currentId ? hashId(currentId) : undefined;
    return (await findSubjectSessions(this.db, kind, subjectId, new Date(this.clock()))).map((s) => ({ ...s, current: s.idHash === current }));
  }

  /** Ends one of the subject's sessions, named by its hash; whether there was one. */
  async destroyByHash(kind: SessionKind, subjectId: number, idHash: string): Promise<boolean> {
    const ended = await deleteSubjectSession(this.db, kind, subjectId, idHash);
    if (ended) {
      this.remembered.delete(idHash);
      this.announce(kind, subjectId);
    }
    return ended;
  }

  /** Records a step-up: the password (and code) were just confirmed in this session. */
  async stepUp(id: string): Promise<void> {
    await markSteppedUp(this.db, hashId(id), new Date(this.clock()));
  }

  /** Whether the request's operator session confirmed its password within the last `withinMs` (always asked of the database). */
  async isSteppedUp(request: FastifyRequest, withinMs: number): Promise<boolean> {
    const id = this.cookieOf(request, 'operator');
    return id !== undefined && isSteppedUpSince(this.db, hashId(id), new Date(this.clock() - withinMs));
  }

  /** When a live session ends if nothing uses it meanwhile (ms since the epoch), asked of the database without moving it; null when it is not live. */
  async expiryOf(kind: SessionKind, id: string): Promise<number | null> {
    const row = await findLiveSession(this.db, hashId(id), kind, new Date(this.clock()));
    return row ? row.expiresAt.getTime() : null;
  }

  /** Whether a session is live, asked of the database and never of what `find` remembers. */
  async isLive(kind: SessionKind, id: string): Promise<boolean> {
    return isSessionLive(this.db, hashId(id), kind, new Date(this.clock()));
  }
}
