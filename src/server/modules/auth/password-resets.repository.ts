// SQL of password-reset links: only each link's SHA-256 is stored.
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { passwordResets } from '../../db/schema';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Records a new link for the user; the user's earlier unused links stop working. */
export async function insertPasswordReset(db: Queryable, userId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await endPasswordResets(db, userId, now);
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt, createdAt: now });
}

/** Ends the user's unused links. */
export async function endPasswordResets(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The link with this hash, locked until the transaction ends (it is used at most once). */
export async function lockPasswordReset(db: Queryable, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markPasswordResetUsed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, id));
}
