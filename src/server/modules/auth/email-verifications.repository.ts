// SQL of address links (verification and change of address): only each link's SHA-256 is stored.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailVerifications } from '../../db/schema';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;
export type EmailLinkPurpose = EmailVerificationRow['purpose'];

/** Records a new link; the user's earlier unused links of the same purpose stop working. */
export async function insertEmailVerification(
  db: Queryable,
  link: { userId: number; email: string; purpose: EmailLinkPurpose; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await withdrawEmailLinks(db, link.userId, link.purpose, now);
  await db.insert(emailVerifications).values({ ...link, createdAt: now });
}

/** Ends the user's unused links of one purpose. */
export async function withdrawEmailLinks(db: Queryable, userId: number, purpose: EmailLinkPurpose, now: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.purpose, purpose), isNull(emailVerifications.usedAt)));
}

/** The address a change link is waiting to move the account to, if one is unused and valid. */
export async function findPendingEmailChange(db: Queryable, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.purpose, 'change'), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
    .orderBy(desc(emailVerifications.id))
    .limit(1);
  return row?.email ?? null;
}

export async function lockEmailVerification(db: Queryable, tokenHash: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markEmailVerificationUsed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, id));
}
