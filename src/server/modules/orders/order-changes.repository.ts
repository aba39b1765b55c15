// Changes to existing orders, each guarded by the order's current status so a repeat changes nothing.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/contracts/orders';
import { dec } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import { ledgerEntries, orders } from '../../db/schema';
import type { OrderRow } from './order-views.repository';

/** Lets this transaction take the committed tokens past the hard cap (an operator's audited override). */
export async function allowOverHardCap(db: Queryable): Promise<void> {
  await db.execute(sql`select set_config('presale.allow_over_cap', 'on', true)`);
}

/** Pending orders past their window become expired. Returns the orders that changed. */
export async function expireOverdue(db: Queryable, now: Date): Promise<{ id: number; userId: number; publicId: string }[]> {
  return db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
    .returning({ id: orders.id, userId: orders.userId, publicId: orders.publicId });
}

/** Moves an order from one of `from` to `to`, guarded by its current status; undefined when it was not in `from`. */
export async function transitionOrder(
  db: Queryable,
  id: number,
  from: OrderStatus[],
  to: OrderStatus,
  decision: { decidedAt: Date; decidedBy: number | null; note: string | null },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, decidedAt: decision.decidedAt, decidedBy: decision.decidedBy, decisionNote: decision.note, updatedAt: decision.decidedAt })
    .where(and(eq(orders.id, id), inArray(orders.status, from)))
    .returning();
  return row;
}

export async function setTxHash(db: Queryable, id: number, txHash: string): Promise<void> {
  await db.update(orders).set({ txHash, updatedAt: new Date() }).where(eq(orders.id, id));
}

export async function deleteOrderRow(db: Queryable, id: number, deletable: OrderStatus[]): Promise<OrderRow | undefined> {
  const [row] = await db
    .delete(orders)
    .where(and(eq(orders.id, id), inArray(orders.status, deletable)))
    .returning();
  return row;
}

export async function creditOrder(db: Queryable, order: OrderRow): Promise<void> {
  const entries: (typeof ledgerEntries.$inferInsert)[] = [{ userId: order.userId, orderId: order.id, kind: 'purchase', amount: order.tokens }];
  if (dec(order.bonusTokens).gt(0)) entries.push({ userId: order.userId, orderId: order.id, kind: 'bonus', amount: order.bonusTokens });
  await db.insert(ledgerEntries).values(entries);
}
