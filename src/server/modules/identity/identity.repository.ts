// Identity checks' rows (issue 34, decision 041): the settings, each buyer's checks, their documents
// and the provider's applied events.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DocumentKind, DocumentMime, IdentityMode } from '@/contracts/identity';
import type { Queryable } from '../../db/client';
import { identityChecks, identityDocuments, identityProviderEvents, identitySettings, orders, users } from '../../db/schema';

export type IdentitySettingsRow = typeof identitySettings.$inferSelect;
export type IdentityCheckRow = typeof identityChecks.$inferSelect;
type CheckStatus = IdentityCheckRow['status'];

export const DEFAULT_SETTINGS: Omit<IdentitySettingsRow, 'updatedAt' | 'updatedBy'> & { updatedAt: Date | null; updatedBy: string | null } = {
  id: 1,
  thresholdUsd: null,
  mode: 'review',
  retentionDays: 90,
  webhookSecret: '',
  flowUrl: '',
  updatedAt: null,
  updatedBy: null,
};

export async function findIdentitySettings(db: Queryable): Promise<typeof DEFAULT_SETTINGS> {
  const [row] = await db.select().from(identitySettings).where(eq(identitySettings.id, 1));
  return row ?? DEFAULT_SETTINGS;
}

export async function saveIdentitySettings(db: Queryable, values: Omit<IdentitySettingsRow, 'id'>): Promise<IdentitySettingsRow> {
  const [row] = await db.insert(identitySettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: identitySettings.id, set: values }).returning();
  if (!row) throw new Error('the identity settings were not saved');
  return row;
}

/** The buyer's latest check (their standing), if any. */
export async function findLatestCheckOf(db: Queryable, userId: number): Promise<IdentityCheckRow | undefined> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).orderBy(desc(identityChecks.id)).limit(1);
  return row;
}

/** The USD of each buyer's approved and pending orders (what the identity threshold weighs), by user id. */
async function findCommittedUsdByUser(db: Queryable, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, usd: sql<string>`coalesce(sum(${orders.usdAmount}), 0)::text` })
    .from(orders)
    .where(and(inArray(orders.userId, userIds), inArray(orders.status, ['pending', 'approved'])))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId, r.usd]));
}

/** The USD of the buyer's approved and pending orders. */
export async function findCommittedUsd(db: Queryable, userId: number): Promise<string> {
  return (await findCommittedUsdByUser(db, [userId])).get(userId) ?? '0';
}

export async function insertCheck(db: Queryable, values: { userId: number; mode: IdentityMode; status: CheckStatus; reason?: string | null; submittedAt: Date; decidedAt?: Date | null; decidedBy?: string | null }): Promise<IdentityCheckRow> {
  const [row] = await db.insert(identityChecks).values(values).returning();
  if (!row) throw new Error('the identity check was not stored');
  return row;
}

export async function insertDocuments(db: Queryable, checkId: number, documents: { kind: DocumentKind; mime: DocumentMime; data: Buffer; sha256: string }[], now: Date): Promise<void> {
  await db.insert(identityDocuments).values(documents.map((d) => ({ checkId, kind: d.kind, mime: d.mime, data: d.data, bytes: d.data.length, sha256: d.sha256, createdAt: now })));
}

/** Decides a pending check; undefined if it was decided already (or does not exist). */
export async function decideCheck(db: Queryable, id: number, values: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string; decidedAt: Date }): Promise<IdentityCheckRow | undefined> {
  const [row] = await db
    .update(identityChecks)
    .set(values)
    .where(and(eq(identityChecks.id, id), eq(identityChecks.status, 'pending')))
    .returning();
  return row;
}

export async function findCheck(db: Queryable, id: number): Promise<IdentityCheckRow | undefined> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.id, id));
  return row;
}

/** Checks in one status with their buyer and the documents still held: oldest first while pending, newest first once decided. */
export async function listChecks(db: Queryable, status: CheckStatus, limit = 200) {
  const rows = await db
    .select({
      check: identityChecks,
      email: users.email,
      name: users.name,
      country: users.country,
    })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(eq(identityChecks.status, status))
    .orderBy(status === 'pending' ? asc(identityChecks.id) : desc(identityChecks.id))
    .limit(limit);
  // What the reviewer weighs: each buyer's approved and pending orders now.
  const [documents, committed] = await Promise.all([documentsOf(db, rows.map((r) => r.check.id)), findCommittedUsdByUser(db, [...new Set(rows.map((r) => r.check.userId))])]);
  return rows.map((r) => ({ ...r, committedUsd: committed.get(r.check.userId) ?? '0', documents: documents.get(r.check.id) ?? [] }));
}

export async function documentsOf(db: Queryable, checkIds: number[]): Promise<Map<number, { kind: DocumentKind; mime: DocumentMime; bytes: number }[]>> {
  const byCheck = new Map<number, { kind: DocumentKind; mime: DocumentMime; bytes: number }[]>();
  if (checkIds.length === 0) return byCheck;
  const rows = await db
    .select({ checkId: identityDocuments.checkId, kind: identityDocuments.kind, mime: identityDocuments.mime, bytes: identityDocuments.bytes })
    .from(identityDocuments)
    .where(inArray(identityDocuments.checkId, checkIds))
    .orderBy(asc(identityDocuments.kind));
  for (const r of rows) byCheck.set(r.checkId, [...(byCheck.get(r.checkId) ?? []), { kind: r.kind, mime: r.mime as DocumentMime, bytes: r.bytes }]);
  return byCheck;
}

/** One document of a check, with the buyer it belongs to. */
export async function findDocument(db: Queryable, checkId: number, kind: DocumentKind) {
  const [row] = await db
    .select({ mime: identityDocuments.mime, data: identityDocuments.data, sha256: identityDocuments.sha256, userId: identityChecks.userId })
    .from(identityDocuments)
    .innerJoin(identityChecks, eq(identityChecks.id, identityDocuments.checkId))
    .where(and(eq(identityDocuments.checkId, checkId), eq(identityDocuments.kind, kind)));
  return row;
}

/** Reviewed checks decided before `before` whose documents are still held. */
export async function findChecksPastRetention(db: Queryable, before: Date, limit = 500): Promise<IdentityCheckRow[]> {
  return db
    .select()
    .from(identityChecks)
    .where(and(eq(identityChecks.mode, 'review'), isNull(identityChecks.documentsDeletedAt), lt(identityChecks.decidedAt, before)))
    .orderBy(asc(identityChecks.decidedAt))
    .limit(limit);
}

/** Deletes a check's documents and marks it; false if another run did it first. */
export async function deleteDocumentsOf(db: Queryable, checkId: number, now: Date): Promise<{ deleted: number } | undefined> {
  const [marked] = await db
    .update(identityChecks)
    .set({ documentsDeletedAt: now })
    .where(and(eq(identityChecks.id, checkId), isNull(identityChecks.documentsDeletedAt)))
    .returning({ id: identityChecks.id });
  if (!marked) return undefined;
  const deleted = await db.delete(identityDocuments).where(eq(identityDocuments.checkId, checkId)).returning({ kind: identityDocuments.kind });
  return { deleted: deleted.length };
}

/** Records a provider's event by its id; false if it was applied before. */
export async function recordProviderEvent(db: Queryable, values: { eventId: string; userId: number; verdict: string; receivedAt: Date }): Promise<boolean> {
  const rows = await db.insert(identityProviderEvents).values(values).onConflictDoNothing().returning({ eventId: identityProviderEvents.eventId });
  return rows.length > 0;
}

export async function findBuyer(db: Queryable, userId: number) {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name, country: users.country, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row;
}
