import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users, walletChanges } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The account with this address, letter case aside. Addresses are ASCII (registration and a change
 * of address check them): another spelling never names an account, though the database's `lower()`
 * folds some letters to ASCII ('İ' to 'i'), which would give one account many throttle keys.
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  if (/[^\x20-\x7e]/.test(email)) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Queryable, values: { name: string; email: string; phone: string; passwordHash: string; country?: string | null; referredBy?: number | null; registrationIp?: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: Queryable,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'passwordHash' | 'orderMail' | 'emailVerifiedAt' | 'addressProvenAt' | 'receivingWallet' | 'receivingWalletAt'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Ends the buyer's pending request for a new receiving wallet, if any, as withdrawn. Kept with the
 * account: a password reset or change withdraws it (whoever held the old password may have asked),
 * as does the buyer, or a new request.
 */
export async function withdrawPendingWalletChange(tx: Queryable, userId: number, now: Date): Promise<typeof walletChanges.$inferSelect | undefined> {
  const [row] = await tx
    .update(walletChanges)
    .set({ state: 'withdrawn', decidedAt: now })
    .where(and(eq(walletChanges.userId, userId), eq(walletChanges.state, 'pending')))
    .returning();
  return row;
}
