// The rows of the withdrawal right (decision 040): the setting, the requests, and what a completion
// reads and writes inside its one transaction.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_WITHDRAWAL_DAYS } from '@/domain/withdrawal';
import type { Queryable } from '../../db/client';
import { distributions, ledgerEntries, operators, orders, users, withdrawalRequests, withdrawalSettings } from '../../db/schema';
import type { LedgerKind } from '@/domain/ledger-kinds';

export type WithdrawalSettingsRow = Pick<typeof withdrawalSettings.$inferSelect, 'enabled' | 'days'>;
export type WithdrawalRequestRow = typeof withdrawalRequests.$inferSelect;

/** The setting; its defaults (off, 14 days) where the row is missing. */
export async function findWithdrawalSettings(db: Queryable): Promise<WithdrawalSettingsRow> {
  const [row] = await db.select({ enabled: withdrawalSettings.enabled, days: withdrawalSettings.days }).from(withdrawalSettings).where(eq(withdrawalSettings.id, 1));
  return row ?? { enabled: false, days: DEFAULT_WITHDRAWAL_DAYS };
}

export async function saveWithdrawalSettings(db: Queryable, values: WithdrawalSettingsRow, now: Date): Promise<WithdrawalSettingsRow> {
  const [row] = await db
    .insert(withdrawalSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: withdrawalSettings.id, set: { ...values, updatedAt: now } })
    .returning({ enabled: withdrawalSettings.enabled, days: withdrawalSettings.days });
  if (!row) throw new Error('the withdrawal settings were not saved');
  return row;
}

/** A new request; undefined when the order has one already (one per order, by its unique index). */
export async function insertWithdrawalRequest(db: Queryable, values: { orderId: number; userId: number; requestedAt: Date; deadline: Date }): Promise<WithdrawalRequestRow | undefined> {
  const [row] = await db.insert(withdrawalRequests).values(values).onConflictDoNothing({ target: withdrawalRequests.orderId }).returning();
  return row;
}

/** The request, locked until the transaction ends: a second completion waits here, then finds it decided. */
export async function lockWithdrawalRequest(db: Queryable, id: number): Promise<WithdrawalRequestRow | undefined> {
  const [row] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, id)).for('update');
  return row;
}

/** Decides a request, guarded by its state: undefined when it was no longer requested. */
export async function decideWithdrawalRequest(
  db: Queryable,
  id: number,
  decision: Partial<Pick<WithdrawalRequestRow, 'tokens' | 'bonusTokens' | 'refundAmount' | 'refundTxHash' | 'note' | 'declineReason'>> & { state: 'completed' | 'declined'; decidedBy: number | null; decidedAt: Date },
): Promise<WithdrawalRequestRow | undefined> {
  const [row] = await db
    .update(withdrawalRequests)
    .set(decision)
    .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.state, 'requested')))
    .returning();
  return row;
}

export async function findRequestsOfOrders(db: Queryable, orderIds: number[]): Promise<WithdrawalRequestRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(withdrawalRequests).where(inArray(withdrawalRequests.orderId, orderIds));
}

/** The last ledger entry any distribution froze (0 before the first): entries up to it are on their way to buyers. */
export async function findLastFrozenSeq(db: Queryable): Promise<number> {
  const [row] = await db.select({ seq: sql<number>`coalesce(max(${distributions.upToSeq}), 0)`.mapWith(Number) }).from(distributions);
  return row?.seq ?? 0;
}

/** The first ledger entry of an order (its purchase), or null before it was credited. */
export async function findFirstSeqOfOrder(db: Queryable, orderId: number): Promise<number | null> {
  const [row] = await db.select({ seq: sql<number | null>`min(${ledgerEntries.seq})`.mapWith((v) => (v === null ? null : Number(v))) }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  return row?.seq ?? null;
}

/** What the ledger credited for the order, per account and kind (the buyer's own and any rewards it earned). */
export async function sumLedgerOfOrder(db: Queryable, orderId: number): Promise<{ userId: number; kind: LedgerKind; amount: string }[]> {
  return db
    .select({ userId: ledgerEntries.userId, kind: ledgerEntries.kind, amount: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.userId, ledgerEntries.kind);
}

export async function insertLedgerEntries(db: Queryable, entries: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
  if (entries.length > 0) await db.insert(ledgerEntries).values(entries);
}

/**
 * The order leaves the approved state, guarded by it. The orders trigger (migrations 0007, 0027) then
 * takes its tokens out of the sale's committed and sold figures and out of each stage it was priced in,
 * as it does for any order that stops counting; a closed stage's freed tokens roll on as the sale says.
 * Its approval (time, operator, note) stays as it was.
 */
export async function markOrderWithdrawn(db: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'approved')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

const listColumns = {
  request: withdrawalRequests,
  publicId: orders.publicId,
  orderStatus: orders.status,
  cryptoCode: orders.cryptoCode,
  payAmount: orders.payAmount,
  tokens: orders.tokens,
  bonusTokens: orders.bonusTokens,
  approvedAt: orders.decidedAt,
  decimals: orders.decimals,
  email: users.email,
  decidedByLogin: operators.login,
};

function selectList(db: Queryable) {
  return db
    .select(listColumns)
    .from(withdrawalRequests)
    .innerJoin(orders, eq(orders.id, withdrawalRequests.orderId))
    .innerJoin(users, eq(users.id, withdrawalRequests.userId))
    .leftJoin(operators, eq(operators.id, withdrawalRequests.decidedBy));
}

/** The back-office's list: open requests first (oldest first), then the latest decided ones. */
export async function findWithdrawalList(db: Queryable, decidedShown: number) {
  const [open, decided] = await Promise.all([
    selectList(db).where(eq(withdrawalRequests.state, 'requested')).orderBy(withdrawalRequests.requestedAt, withdrawalRequests.id),
    selectList(db).where(sql`${withdrawalRequests.state} <> 'requested'`).orderBy(desc(withdrawalRequests.decidedAt), desc(withdrawalRequests.id)).limit(decidedShown),
  ]);
  return [...open, ...decided];
}

export type WithdrawalListRow = Awaited<ReturnType<typeof findWithdrawalList>>[number];

export async function findWithdrawalListRow(db: Queryable, id: number): Promise<WithdrawalListRow | undefined> {
  const [row] = await selectList(db).where(eq(withdrawalRequests.id, id));
  return row;
}
