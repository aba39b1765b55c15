// SQL of the sale's logo (one row, absent until an operator uploads one).
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { siteLogo } from '../../db/schema';

export type LogoRow = typeof siteLogo.$inferSelect;

export async function findLogo(db: Queryable): Promise<LogoRow | undefined> {
  const [row] = await db.select().from(siteLogo).where(eq(siteLogo.id, 1));
  return row;
}

/** What is known of the logo without its bytes. */
export async function findLogoInfo(db: Queryable): Promise<{ mime: string; sha256: string; bytes: number } | undefined> {
  const [row] = await db
    .select({ mime: siteLogo.mime, sha256: siteLogo.sha256, bytes: sql<number>`octet_length(${siteLogo.data})::int` })
    .from(siteLogo)
    .where(eq(siteLogo.id, 1));
  return row;
}

export async function saveLogo(db: Queryable, logo: { mime: string; data: Buffer; sha256: string }, now: Date): Promise<void> {
  await db
    .insert(siteLogo)
    .values({ id: 1, ...logo, updatedAt: now })
    .onConflictDoUpdate({ target: siteLogo.id, set: { ...logo, updatedAt: now } });
}

export async function deleteLogo(db: Queryable): Promise<void> {
  await db.delete(siteLogo).where(eq(siteLogo.id, 1));
}
