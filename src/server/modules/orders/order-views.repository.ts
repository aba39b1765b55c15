// Orders as the pages read them, joined with their crypto's name, buyer and deciding operator.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminOrdersQuerySchema, OrderStatus } from '@/contracts/orders';
import { preparedPerHandle, type Queryable } from '../../db/client';
import { cryptos, ledgerEntries, operators, orders, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** What a buyer's view of an order needs: the row and its crypto's name. */
export type BuyerOrderView = OrderRow & { cryptoName: string };

/** An order with what the back-office's views need: the buyer and the deciding operator's login. */
export interface OrderView extends BuyerOrderView {
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

async function findOrderView(db: Queryable, where: SQL): Promise<OrderView | undefined> {
  const [row] = await selectViews(db).where(where).limit(1);
  return row ? toView(row) : undefined;
}

function buildBuyerOrderQuery(db: Queryable) {
  return db
    .select({ order: orders, cryptoName: viewColumns.cryptoName })
    .from(orders)
    .leftJoin(cryptos, eq(cryptos.code, orders.cryptoCode))
    .where(eq(orders.publicId, sql.placeholder('publicId')))
    .limit(1)
    .prepare('buyer_order_by_public_id');
}

const buyerOrderQuery = preparedPerHandle(buildBuyerOrderQuery);

/** The order a buyer's page polls, by its public id; one prepared statement per database handle. */
export async function findBuyerOrder(db: Queryable, publicId: string): Promise<BuyerOrderView | undefined> {
  const [row] = await buyerOrderQuery(db).execute({ publicId });
  return row ? { ...row.order, cryptoName: row.cryptoName } : undefined;
}

export async function findOrderViewById(db: Queryable, id: number): Promise<OrderView | undefined> {
  return findOrderView(db, eq(orders.id, id));
}

export async function listOrderViewsOfUser(db: Queryable, userId: number): Promise<OrderView[]> {
  const rows = await selectViews(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toView);
}

const SORT_COLUMNS = { createdAt: orders.createdAt, tokens: orders.tokens, usdAmount: orders.usdAmount, status: orders.status } as const;

/** `text` for LIKE with its pattern characters taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The operator's search: an order's public id (exact), a buyer's e-mail (any part, any case) or a
 * transaction hash (exact or its beginning, any case: hex hashes are pasted in either case).
 */
function orderSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return or(eq(orders.publicId, q), ilike(users.email, `%${literal(q)}%`), ilike(orders.txHash, `${literal(q)}%`));
}

function orderFilter(status: OrderStatus | undefined, q: string | undefined): SQL | undefined {
  return and(status ? eq(orders.status, status) : undefined, orderSearch(q));
}

export async function findOrderViewPage(db: Queryable, q: z.output<typeof adminOrdersQuerySchema>): Promise<{ rows: OrderView[]; total: number }> {
  const where = orderFilter(q.status, q.q);
  const order = q.dir === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(order(SORT_COLUMNS[q.sort]), order(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
}

export async function findAllOrderViews(db: Queryable, status: OrderStatus | undefined, q?: string): Promise<OrderView[]> {
  const rows = await selectViews(db)
    .where(orderFilter(status, q))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toView);
}

export interface LedgerEntryOfOrder {
  orderId: number;
  seq: number;
  kind: string;
  amount: string;
  hash: string;
}

/**
 * The ledger entries that credited these orders' buyers for them, in chain order. A reward the order
 * earned another account (its buyer's referrer, a campaign's partner) names the order too, but is
 * that account's: it is not shown with the order.
 */
export async function findLedgerEntriesOfOrders(db: Queryable, orderIds: number[]): Promise<LedgerEntryOfOrder[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: sql<number>`${ledgerEntries.orderId}`.mapWith(Number), seq: ledgerEntries.seq, kind: ledgerEntries.kind, amount: ledgerEntries.amount, hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .innerJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.userId, ledgerEntries.userId)))
    .where(inArray(ledgerEntries.orderId, orderIds))
    .orderBy(asc(ledgerEntries.seq));
}

/** Another order holding this transaction hash (compared without case), other than `exceptId`. */
export async function findOtherOrderWithTxHash(db: Queryable, txHash: string, exceptId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ publicId: orders.publicId })
    .from(orders)
    .where(and(sql`lower(${orders.txHash}) = ${txHash.toLowerCase()}`, sql`${orders.id} <> ${exceptId}`))
    .limit(1);
  return row?.publicId;
}
