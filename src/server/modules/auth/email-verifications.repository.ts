// SQL of address-verification links: only each link's SHA-256 is stored.
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailVerifications } from '../../db/schema';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/** Records a new link for the address; the user's earlier unused links stop working. */
export async function insertEmailVerification(db: Queryable, userId: number, email: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  await db.insert(emailVerifications).values({ userId, email, tokenHash, expiresAt, createdAt: now });
}

export async function lockEmailVerification(db: Queryable, tokenHash: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markEmailVerificationUsed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, id));
}
