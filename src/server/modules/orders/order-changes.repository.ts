// Changes to existing orders, each guarded by the order's current status so a repeat changes nothing.
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/contracts/orders';
import { dec } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import { ledgerEntries, orders, payments } from '../../db/schema';
import type { OrderRow } from './order-views.repository';

/** Lets this transaction take the committed tokens past the hard cap (an operator's audited override). */
export async function allowOverHardCap(db: Queryable): Promise<void> {
  await db.execute(sql`select set_config('presale.allow_over_cap', 'on', true)`);
}

/** An order an expiry just made expired: its buyer hears of it once the transaction has committed. */
export interface ExpiredOrder {
  id: number;
  userId: number;
  publicId: string;
}

/**
 * Pending orders past their window become expired, except one holding a payment made within the
 * window that is still gaining confirmations: it was paid in time, whenever this job runs (decision
 * 024), and expires only if that payment is reverted or, confirmed, does not pay it. Returns the
 * orders that changed; `except` stays as it is (an order being decided on its own).
 */
export async function expireOverdue(db: Queryable, now: Date, except?: number): Promise<ExpiredOrder[]> {
  return db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.expiresAt, now),
        except === undefined ? undefined : ne(orders.id, except),
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} = 'seen' and ${payments.paidAt} <= ${orders.expiresAt})`,
      ),
    )
    .returning({ id: orders.id, userId: orders.userId, publicId: orders.publicId });
}

/** When the first pending order's window closes (null: none pending); from then on an order may be overdue. */
export async function firstPendingExpiry(db: Queryable): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | null>`min(${orders.expiresAt})` }).from(orders).where(eq(orders.status, 'pending'));
  return row?.at ? new Date(row.at) : null;
}

/** An order's amounts as an operator's re-quote sets them (what arrived, at the order's or today's prices), with its pieces by stage. */
export type OrderQuote = Pick<OrderRow, 'tokens' | 'bonusTokens' | 'payAmount' | 'usdAmount' | 'rate' | 'priceUsd' | 'stagePieces'>;

/** The order, locked until the transaction ends: a decision reads what arrived and changes it as one. */
export async function lockOrder(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/**
 * Moves an order from one of `from` to `to`, guarded by its current status; undefined when it was
 * not in `from`. With `quote`, the order's amounts change in the same statement.
 */
export async function transitionOrder(
  db: Queryable,
  id: number,
  from: OrderStatus[],
  to: OrderStatus,
  decision: { decidedAt: Date; decidedBy: number | null; note: string | null },
  quote?: OrderQuote,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...quote, status: to, decidedAt: decision.decidedAt, decidedBy: decision.decidedBy, decisionNote: decision.note, updatedAt: decision.decidedAt })
    .where(and(eq(orders.id, id), inArray(orders.status, from)))
    .returning();
  return row;
}

/**
 * Holds a transaction-wide lock on this hash (any case), so two orders attaching the same hash at
 * once take turns and the second sees the first.
 */
export async function lockTxHash(tx: Queryable, txHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'tx:' + txHash.toLowerCase()}))`);
}

/**
 * An order that names this transaction as its payment (its hash attached by the buyer) without
 * holding a payment of it, and may be or was credited for it: pending, expired or approved.
 */
export async function findOrderNamingTx(db: Queryable, txHash: string): Promise<{ publicId: string; status: OrderStatus } | undefined> {
  const [row] = await db
    .select({ publicId: orders.publicId, status: orders.status })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.txHash}) = ${txHash.toLowerCase()}`,
        inArray(orders.status, ['pending', 'expired', 'approved']),
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and lower(${payments.txHash}) = ${txHash.toLowerCase()})`,
      ),
    )
    .limit(1);
  return row;
}

export async function setTxHash(db: Queryable, id: number, txHash: string): Promise<void> {
  const now = new Date();
  await db.update(orders).set({ txHash, txHashAt: now, updatedAt: now }).where(eq(orders.id, id));
}

export async function deleteOrderRow(db: Queryable, id: number, deletable: OrderStatus[]): Promise<OrderRow | undefined> {
  const [row] = await db
    .delete(orders)
    .where(and(eq(orders.id, id), inArray(orders.status, deletable)))
    .returning();
  return row;
}

/** An approved order takes its credited excess: its amounts grow, guarded by status and the amount read. */
export async function requoteApprovedOrder(db: Queryable, id: number, payAmountRead: string, quote: OrderQuote, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...quote, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'approved'), eq(orders.payAmount, payAmountRead)))
    .returning();
  return row;
}

/** The ledger entries of a credited excess (the excess's tokens and, where the level gives one, their bonus). */
export async function creditExcess(db: Queryable, order: Pick<OrderRow, 'id' | 'userId'>, tokens: string, bonusTokens: string): Promise<void> {
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  if (dec(tokens).gt(0)) entries.push({ userId: order.userId, orderId: order.id, kind: 'excess', amount: tokens });
  if (dec(bonusTokens).gt(0)) entries.push({ userId: order.userId, orderId: order.id, kind: 'excess_bonus', amount: bonusTokens });
  if (entries.length > 0) await db.insert(ledgerEntries).values(entries);
}

export async function creditOrder(db: Queryable, order: OrderRow): Promise<void> {
  const entries: (typeof ledgerEntries.$inferInsert)[] = [{ userId: order.userId, orderId: order.id, kind: 'purchase', amount: order.tokens }];
  if (dec(order.bonusTokens).gt(0)) entries.push({ userId: order.userId, orderId: order.id, kind: 'bonus', amount: order.bonusTokens });
  await db.insert(ledgerEntries).values(entries);
}
