// Receiving-wallet changes (issue 19): the history of each buyer's wallet, and the requests the sale
// team decides after the sale ended.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operators, users, walletChanges } from '../../db/schema';

export type WalletChangeRow = typeof walletChanges.$inferSelect;

/** Locks the buyer's row until the transaction ends: one wallet change at a time per buyer. */
export async function lockBuyerWallet(tx: Queryable, userId: number): Promise<{ wallet: string | null } | undefined> {
  const [row] = await tx.select({ wallet: users.receivingWallet }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function insertWalletChange(tx: Queryable, values: Pick<typeof walletChanges.$inferInsert, 'userId' | 'previous' | 'address' | 'state' | 'requestedAt' | 'decidedAt'>): Promise<WalletChangeRow> {
  const [row] = await tx.insert(walletChanges).values(values).returning();
  if (!row) throw new Error('the wallet change was not stored');
  return row;
}

/** Decides a pending request; undefined when it is not pending (decided already, or no such request). */
export async function decidePending(tx: Queryable, id: number, values: { state: 'approved' | 'rejected'; decidedBy: number | null; decidedAt: Date; note: string }): Promise<WalletChangeRow | undefined> {
  const [row] = await tx
    .update(walletChanges)
    .set(values)
    .where(and(eq(walletChanges.id, id), eq(walletChanges.state, 'pending')))
    .returning();
  return row;
}

export async function findWalletChange(db: Queryable, id: number): Promise<WalletChangeRow | undefined> {
  const [row] = await db.select().from(walletChanges).where(eq(walletChanges.id, id));
  return row;
}

/** The buyer's latest change of wallet (of any kind). */
export async function findLatestWalletChange(db: Queryable, userId: number): Promise<WalletChangeRow | undefined> {
  const [row] = await db.select().from(walletChanges).where(eq(walletChanges.userId, userId)).orderBy(desc(walletChanges.id)).limit(1);
  return row;
}

export interface WalletRequestView extends WalletChangeRow {
  email: string;
  decidedByLogin: string | null;
}

/** Requests (not the buyers' own changes): the pending ones first, oldest first, then the latest decided. */
export async function findWalletRequests(db: Queryable, decidedLimit: number): Promise<WalletRequestView[]> {
  const columns = { change: walletChanges, email: users.email, decidedByLogin: operators.login };
  const base = () =>
    db
      .select(columns)
      .from(walletChanges)
      .innerJoin(users, eq(users.id, walletChanges.userId))
      .leftJoin(operators, eq(operators.id, walletChanges.decidedBy));
  const [pending, decided] = await Promise.all([
    base().where(eq(walletChanges.state, 'pending')).orderBy(walletChanges.id),
    base()
      .where(sql`${walletChanges.state} in ('approved', 'rejected', 'withdrawn')`)
      .orderBy(desc(walletChanges.id))
      .limit(decidedLimit),
  ]);
  return [...pending, ...decided].map((r) => ({ ...r.change, email: r.email, decidedByLogin: r.decidedByLogin }));
}

export async function countPendingWalletRequests(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(walletChanges).where(eq(walletChanges.state, 'pending'));
  return row?.n ?? 0;
}
