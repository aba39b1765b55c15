// The sessions table. Rows hold only the SHA-256 of a session id, never the id itself.
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { preparedPerHandle, type Queryable } from '../../db/client';
import { sessions } from '../../db/schema';

export type SessionKind = 'buyer' | 'operator';

/** A live session's subject, its current end and its last recorded use. */
export interface LiveSession {
  subjectId: number;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** A session as its owner's list shows it. */
export interface SessionRow {
  idHash: string;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
}

const live = () => and(eq(sessions.idHash, sql.placeholder('idHash')), eq(sessions.kind, sql.placeholder('kind')), gt(sessions.expiresAt, sql.placeholder('now')));

const findQuery = preparedPerHandle((db) =>
  db.select({ subjectId: sessions.subjectId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt }).from(sessions).where(live()).limit(1).prepare('find_session'),
);

// Operator sessions end after a spell of inactivity: each time one is found in the database,
// its end moves to now + the idle limit, never past its absolute limit.
const slideQuery = preparedPerHandle((db) =>
  db
    .update(sessions)
    .set({ expiresAt: sql`least(${sessions.maxExpiresAt}, ${sql.placeholder('idleEnd')}::timestamptz)`, lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(live())
    .returning({ subjectId: sessions.subjectId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .prepare('slide_session'),
);

const findBuyersQuery = preparedPerHandle((db) =>
  db
    .select({ idHash: sessions.idHash, subjectId: sessions.subjectId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(sql`${sessions.idHash} = any(${sql.placeholder('idHashes')}::text[])`, eq(sessions.kind, 'buyer'), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('find_buyer_sessions'),
);

/** The buyer sessions of these id hashes live at `now`, by id hash: lookups that arrive together share one statement. */
export async function findLiveBuyerSessions(db: Queryable, idHashes: string[], now: Date): Promise<Map<string, LiveSession>> {
  const rows = await findBuyersQuery(db).execute({ idHashes, now: now.toISOString() });
  return new Map(rows.map(({ idHash, ...row }) => [idHash, row]));
}

export async function findLiveSession(db: Queryable, idHash: string, kind: SessionKind, now: Date): Promise<LiveSession | undefined> {
  const [row] = await findQuery(db).execute({ idHash, kind, now: now.toISOString() });
  return row;
}

/** Finds a live session and moves its end to `idleEnd` (capped by its absolute limit) in one statement. */
export async function slideLiveSession(db: Queryable, idHash: string, kind: SessionKind, now: Date, idleEnd: Date): Promise<LiveSession | undefined> {
  const [row] = await slideQuery(db).execute({ idHash, kind, now: now.toISOString(), idleEnd: idleEnd.toISOString() });
  return row;
}

export async function isSessionLive(db: Queryable, idHash: string, kind: SessionKind, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ subjectId: sessions.subjectId })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), eq(sessions.kind, kind), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function insertSession(
  db: Queryable,
  values: { idHash: string; kind: SessionKind; subjectId: number; expiresAt: Date; maxExpiresAt: Date | null; userAgent: string; ip: string; lastSeenAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Deletes one session; returns whose it was (nothing when it had already gone). */
export async function deleteSession(db: Queryable, idHash: string): Promise<{ kind: SessionKind; subjectId: number }[]> {
  return db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ kind: sessions.kind, subjectId: sessions.subjectId });
}

/** Deletes every session of a subject except the one whose hash is `keepHash`. */
export async function deleteSubjectSessions(db: Queryable, kind: SessionKind, subjectId: number, keepHash: string | undefined): Promise<void> {
  const conditions = [eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)];
  if (keepHash) conditions.push(ne(sessions.idHash, keepHash));
  await db.delete(sessions).where(and(...conditions));
}

/** Records that the password (and code) were confirmed in this session just now (step-up). */
export async function markSteppedUp(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.idHash, idHash));
}

/** Whether the session confirmed its password at or after `since`. */
export async function isSteppedUpSince(db: Queryable, idHash: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: sessions.steppedUpAt })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.steppedUpAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function markSeen(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function findSubjectSessions(db: Queryable, kind: SessionKind, subjectId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select({ idHash: sessions.idHash, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one session of a subject; whether it was there. */
export async function deleteSubjectSession(db: Queryable, kind: SessionKind, subjectId: number, idHash: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId), eq(sessions.idHash, idHash)))
    .returning({ idHash: sessions.idHash });
  return rows.length > 0;
}
