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

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events?: EventBus,
  ) {
    this.findQuery = db
      .select({ subjectId: sessions.subjectId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), eq(sessions.kind, sql.placeholder('kind')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('find_session');
    events?.subscribe((e) => {
      if (e.type === 'sessions-ended') this.forgetSubject(e.kind, e.subjectId);
    });
  }

  private get maxAgeMs(): number {
    return this.config.SESSION_DAYS * 24 * 60 * 60 * 1000;
  }

  async create(kind: SessionKind, subjectId: number): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.maxAgeMs);
    await this.db.insert(sessions).values({ idHash: hashId(id), kind, subjectId, expiresAt });
    return { id, expiresAt };
  }

  /** The subject of a live session of this kind, or null. */
  async find(kind: SessionKind, id: string): Promise<number | null> {
    const idHash = hashId(id);
    const now = Date.now();
    const known = this.remembered.get(idHash);
    if (known && known.kind === kind && now - known.foundAt < SESSION_RECHECK_MS && known.expiresAt > now) return known.subjectId;
    const [row] = await this.findQuery.execute({ idHash, kind, now: new Date(now).toISOString() });
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
    void reply.setCookie(SESSION_COOKIES[kind], session.id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      expires: session.expiresAt,
    });
  }

  clearCookie(reply: FastifyReply, kind: SessionKind): void {
    void reply.clearCookie(SESSION_COOKIES[kind], { path: '/' });
  }

  cookieOf(request: FastifyRequest, kind: SessionKind): string | undefined {
    const value = request.cookies[SESSION_COOKIES[kind]];
    return value && value.length <= 128 ? value : undefined;
  }

  /** Whether a session is live, asked of the database and never of what `find` remembers. */
  async isLive(kind: SessionKind, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ subjectId: sessions.subjectId })
      .from(sessions)
      .where(and(eq(sessions.idHash, hashId(id)), eq(sessions.kind, kind), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row !== undefined;
  }
}
