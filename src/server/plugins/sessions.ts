// Server-side sessions: the cookie holds a random id; the database holds only its SHA-256 and an expiry.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { EventBus } from './event-bus';

export type SessionKind = 'buyer' | 'operator';

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

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

interface Remembered {
  kind: SessionKind;
  subjectId: number;
  expiresAt: number;
  foundAt: number;
}

export class SessionStore {
  /** Live sessions found lately, by the hash of their id: most requests of a signed-in page need no query. */
  private readonly remembered = new Map<string, Remembered>();
  private readonly findQuery;
  private readonly slideQuery;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events?: EventBus,
    private readonly clock: () => number = Date.now,
  ) {
    this.findQuery = db
      .select({ subjectId: sessions.subjectId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), eq(sessions.kind, sql.placeholder('kind')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('find_session');
    // Operator sessions end after a spell of inactivity: each time one is found in the database,
    // its end moves to now + the idle limit, never past its absolute limit.
    this.slideQuery = db
      .update(sessions)
      .set({ expiresAt: sql`least(${sessions.maxExpiresAt}, ${sql.placeholder('idleEnd')}::timestamptz)` })
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), eq(sessions.kind, sql.placeholder('kind')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .returning({ subjectId: sessions.subjectId, expiresAt: sessions.expiresAt })
      .prepare('slide_session');
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
  async create(kind: SessionKind, subjectId: number): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock();
    const maxExpiresAt = kind === 'operator' ? new Date(now + this.config.OPERATOR_SESSION_HOURS * 60 * 60 * 1000) : null;
    const expiresAt = maxExpiresAt ? new Date(Math.min(maxExpiresAt.getTime(), now + this.idleMs)) : new Date(now + this.config.SESSION_DAYS * 24 * 60 * 60 * 1000);
    await this.db.insert(sessions).values({ idHash: hashId(id), kind, subjectId, expiresAt, maxExpiresAt });
    return { id, expiresAt: maxExpiresAt ?? expiresAt };
  }

  /** The subject of a live session of this kind, or null. */
  async find(kind: SessionKind, id: string): Promise<number | null> {
    const idHash = hashId(id);
    const now = this.clock();
    const known = this.remembered.get(idHash);
    if (known && known.kind === kind && now - known.foundAt < SESSION_RECHECK_MS && known.expiresAt > now) return known.subjectId;
    const at = new Date(now).toISOString();
    const [row] =
      kind === 'operator'
        ? await this.slideQuery.execute({ idHash, kind, now: at, idleEnd: new Date(now + this.idleMs).toISOString() })
        : await this.findQuery.execute({ idHash, kind, now: at });
    if (!row) {
      this.remembered.delete(idHash);
      return null;
    }
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(idHash, { kind, subjectId: row.subjectId, expiresAt: row.expiresAt.getTime(), foundAt: now });
    return row.subjectId;
  }

  async destroy(id: string): Promise<void> {
    const idHash = hashId(id);
    this.remembered.delete(idHash);
    const ended = await this.db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ kind: sessions.kind, subjectId: sessions.subjectId });
    for (const s of ended) this.announce(s.kind, s.subjectId);
  }

  /** Ends every session of a subject except the one given (after a password change). */
  async destroyOthers(kind: SessionKind, subjectId: number, keepId: string | undefined): Promise<void> {
    const conditions = [eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)];
    if (keepId) conditions.push(ne(sessions.idHash, hashId(keepId)));
    await this.db.delete(sessions).where(and(...conditions));
    this.forgetSubject(kind, subjectId);
    this.announce(kind, subjectId);
  }

  /** Other instances drop what they remember of the subject's sessions; the kept one is found again. */
  private announce(kind: SessionKind, subjectId: number): void {
    this.events?.publish({ type: 'sessions-ended', kind, subjectId });
  }

  private forgetSubject(kind: SessionKind, subjectId: number): void {
    for (const [hash, s] of this.remembered) if (s.kind === kind && s.subjectId === subjectId) this.remembered.delete(hash);
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

  /** Whether a session is live, asked of the database and never of what `find` remembers. */
  async isLive(kind: SessionKind, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ subjectId: sessions.subjectId })
      .from(sessions)
      .where(and(eq(sessions.idHash, hashId(id)), eq(sessions.kind, kind), gt(sessions.expiresAt, new Date(this.clock()))))
      .limit(1);
    return row !== undefined;
  }
}
