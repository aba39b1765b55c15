import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { termsAcceptances, termsVersions } from '../../db/schema';

export type TermsVersionRow = typeof termsVersions.$inferSelect;
export type TermsAcceptanceRow = typeof termsAcceptances.$inferSelect;

export async function findLatestTermsVersion(db: Queryable): Promise<TermsVersionRow | undefined> {
  const [row] = await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
  return row;
}

export async function findTermsVersion(db: Queryable, version: number): Promise<TermsVersionRow | undefined> {
  const [row] = await db.select().from(termsVersions).where(eq(termsVersions.version, version)).limit(1);
  return row;
}

/** Inserts version 1 unless it exists already (two first readers racing): the first one stays. */
export async function insertFirstTermsVersion(db: Queryable, row: TermsVersionRow): Promise<void> {
  await db.insert(termsVersions).values(row).onConflictDoNothing();
}

/** Publishes a version; one taken already fails on the primary key (two operators publishing at once). */
export async function insertTermsVersion(db: Queryable, row: TermsVersionRow): Promise<void> {
  await db.insert(termsVersions).values(row);
}

/** Records an acceptance; accepting the same version again keeps the first record. */
export async function insertTermsAcceptance(db: Queryable, row: Omit<TermsAcceptanceRow, 'id'>): Promise<void> {
  await db.insert(termsAcceptances).values(row).onConflictDoNothing();
}

/** Whether the buyer accepted the latest published version (false while none is published). */
export async function hasAcceptedLatest(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.version, sql`(select max(${termsVersions.version}) from ${termsVersions})`)))
    .limit(1);
  return row !== undefined;
}

export async function findAcceptancesOf(db: Queryable, userId: number): Promise<TermsAcceptanceRow[]> {
  return db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId)).orderBy(desc(termsAcceptances.version));
}

/** Each buyer's acceptance of the highest version they accepted. */
export async function findLatestAcceptances(db: Queryable): Promise<Pick<TermsAcceptanceRow, 'userId' | 'version' | 'acceptedAt'>[]> {
  return db
    .selectDistinctOn([termsAcceptances.userId], { userId: termsAcceptances.userId, version: termsAcceptances.version, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .orderBy(termsAcceptances.userId, desc(termsAcceptances.version));
}
