// Server-side sessions: the cookie holds a random id; the database holds only its SHA-256 and an expiry.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

export type SessionKind = 'buyer' | 'operator';

export const SESSION_COOKIES: Record<SessionKind, string> = {
  buyer: 'presale_session',
  operator: 'presale_operator_session',
};

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

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
    const [row] = await this.db
      .select({ subjectId: sessions.subjectId })
      .from(sessions)
      .where(and(eq(sessions.idHash, hashId(id)), eq(sessions.kind, kind), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row?.subjectId ?? null;
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, hashId(id)));
  }

  /** Ends every session of a subject except the one given (after a password change). */
  async destroyOthers(kind: SessionKind, subjectId: number, keepId: string | undefined): Promise<void> {
    const conditions = [eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)];
    if (keepId) conditions.push(ne(sessions.idHash, hashId(keepId)));
    await this.db.delete(sessions).where(and(...conditions));
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
}
