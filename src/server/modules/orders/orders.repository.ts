import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { dec } from '@/domain/decimal';
import type { z } from 'zod';
import type { adminOrdersQuerySchema, OrderStatus } from '@/contracts/orders';
import type { Queryable } from '../../db/client';
import { cryptos, ledgerEntries, operators, orders, saleSettings, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;

/** An order with what its views need: the crypto's name and the deciding operator's login. */
export interface OrderView extends OrderRow {
  cryptoName: string;
  buyerName: string;
  buyerEmail: string;
  decidedByLogin: string | null;
}

const viewColumns = {
  order: orders,
  cryptoName: sql<string>`coalesce(${cryptos.name}, ${orders.cryptoCode})`,
  buyerName: users.name,
  buyerEmail: users.email,
  decidedByLogin: operators.login,
};

function toView(r: { order: OrderRow; cryptoName: string; buyerName: string; buyerEmail: string; decidedByLogin: string | null }): OrderView {
  return { ...r.order, cryptoName: r.cryptoName, buyerName: r.buyerName, buyerEmail: r.buyerEmail, decidedByLogin: r.decidedByLogin };
}

function selectViews(db: Queryable) {
  return db
    .select(viewColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(cryptos, eq(cryptos.code, orders.cryptoCode))
    .leftJoin(operators, eq(operators.id, orders.decidedBy));
}

/** Serialises order creation: the hard-cap check and the insert happen under this row lock. */
export async function lockSale(db: Queryable): Promise<void> {
  await db.select({ id: saleSettings.id }).from(saleSettings).where(eq(saleSettings.id, 1)).for('update');
}

export async function findOrderByIdempotencyKey(db: Queryable, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Tokens committed to buyers: approved orders and pending ones still within their payment window. */
export async function sumCommittedTokens(db: Queryable, now: Date): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.tokens}), 0)::text` })
    .from(orders)
    .where(sql`${orders.status} = 'approved' or (${orders.status} = 'pending' and ${orders.expiresAt} > ${now})`);
  return row?.total ?? '0';
}

export async function insertOrder(db: Queryable, values: OrderInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
}

export async function findOrderView(db: Queryable, where: SQL): Promise<OrderView | undefined> {
  const [row] = await selectViews(db).where(where).limit(1);
  return row ? toView(row) : undefined;
}

export async function findOrderViewByPublicId(db: Queryable, publicId: string): Promise<OrderView | undefined> {
  return findOrderView(db, eq(orders.publicId, publicId));
}

export async function findOrderViewById(db: Queryable, id: number): Promise<OrderView | undefined> {
  return findOrderView(db, eq(orders.id, id));
}

export async function listOrderViewsOfUser(db: Queryable, userId: number): Promise<OrderView[]> {
  const rows = await selectViews(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toView);
}

const SORT_COLUMNS = { createdAt: orders.createdAt, tokens: orders.tokens, usdAmount: orders.usdAmount, status: orders.status } as const;

export async function findOrderViewPage(db: Queryable, q: z.output<typeof adminOrdersQuerySchema>): Promise<{ rows: OrderView[]; total: number }> {
  const where = q.status ? eq(orders.status, q.status) : undefined;
  const order = q.dir === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(order(SORT_COLUMNS[q.sort]), order(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
}

export async function findAllOrderViews(db: Queryable, status: OrderStatus | undefined): Promise<OrderView[]> {
  const rows = await selectViews(db)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toView);
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
  decision: { decidedAt: Date; decidedBy: number; note: string | null },
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

/** Top buyers by approved deposits in USD. */
export async function topDepositors(db: Queryable, limit: number): Promise<{ email: string; depositsUsd: string; tokens: string }[]> {
  return db
    .select({
      email: users.email,
      depositsUsd: sql<string>`sum(${orders.usdAmount})::text`,
      // Qualified by hand: inside a subquery an unqualified "id" would be the ledger's own column.
      tokens: sql<string>`coalesce((select sum(le.amount) from ledger_entries le where le.user_id = "users"."id"), 0)::text`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, 'approved'))
    .groupBy(users.id, users.email)
    .orderBy(desc(sql`sum(${orders.usdAmount})`), asc(users.id))
    .limit(limit);
}
