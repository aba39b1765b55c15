import { and, asc, count, desc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { dec } from '@/domain/decimal';
import type { z } from 'zod';
import type { adminOrdersQuerySchema, OrderStatus } from '@/contracts/orders';
import type { Queryable } from '../../db/client';
import { cryptos, ledgerEntries, operators, orders, saleSettings, users } from '../../db/schema';
import type { CryptoRow } from '../cryptos/cryptos.repository';

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

/** A new order as quoted from the sale settings and crypto as last read, with the values it relied on. */
export interface QuotedOrder {
  publicId: string;
  userId: number;
  /** The crypto's row as read: its rate and payment details must still be current. */
  crypto: Pick<CryptoRow, 'code' | 'rate' | 'address' | 'network' | 'chainId' | 'tokenContract' | 'decimals'> & { rate: string; address: string };
  /** The token price and payment window the quote used: both must still be current. */
  priceUsd: string;
  orderExpiryMinutes: number;
  tokens: string;
  bonusTokens: string;
  payAmount: string;
  usdAmount: string;
  idempotencyKey: string | null;
  requestFingerprint: string;
  now: Date;
  /** A feed rate updated before this instant is stale. */
  freshRatesSince: Date;
}

const p = (name: keyof QuotedOrder | `crypto.${string}` | 'expiresAt') => sql.placeholder(name);

/**
 * INSERT … SELECT of a new order, built once per database handle: it inserts only while the sale is
 * live at `now` and not sold out, the token price and payment window are the ones quoted, and the
 * crypto is offered, with the quoted rate and payment details and a fresh rate. A used
 * Idempotency-Key inserts nothing. The hard cap is the `orders_keep_sale_totals` trigger's.
 */
function buildQuickInsert(db: Queryable) {
  const values = {
    publicId: sql`${p('publicId')}::text`,
    userId: sql`${p('userId')}::integer`,
    cryptoCode: sql`${cryptos.code}`,
    address: sql`${cryptos.address}`,
    status: sql`'pending'`,
    tokens: sql`${p('tokens')}::numeric`,
    bonusTokens: sql`${p('bonusTokens')}::numeric`,
    payAmount: sql`${p('payAmount')}::numeric`,
    rate: sql`${cryptos.rate}`,
    usdAmount: sql`${p('usdAmount')}::numeric`,
    network: sql`${cryptos.network}`,
    chainId: sql`${cryptos.chainId}`,
    tokenContract: sql`${cryptos.tokenContract}`,
    decimals: sql`${cryptos.decimals}`,
    idempotencyKey: sql`${p('idempotencyKey')}::text`,
    requestFingerprint: sql`${p('requestFingerprint')}::text`,
    expiresAt: sql`${p('expiresAt')}::timestamptz`,
    createdAt: sql`${p('now')}::timestamptz`,
    updatedAt: sql`${p('now')}::timestamptz`,
  } satisfies Partial<Record<keyof OrderRow, SQL>>;
  const columns = getTableColumns(orders);
  const names = sql.join(
    Object.keys(values).map((key) => sql.identifier(columns[key as keyof typeof values].name)),
    sql`, `,
  );
  const made = db.$with('made', { id: orders.id }).as(
    sql`insert into ${orders} (${names})
      select ${sql.join(Object.values(values), sql`, `)}
      from ${saleSettings} inner join ${cryptos} on ${cryptos.code} = ${p('crypto.code')}::text
      where ${and(
        eq(saleSettings.id, 1),
        sql`${saleSettings.priceUsd} = ${p('priceUsd')}::numeric`,
        sql`${saleSettings.orderExpiryMinutes} = ${p('orderExpiryMinutes')}::integer`,
        sql`${saleSettings.startsAt} <= ${p('now')}::timestamptz`,
        sql`${saleSettings.endsAt} > ${p('now')}::timestamptz`,
        sql`${saleSettings.tokensSold} < ${saleSettings.hardCap}`,
        eq(cryptos.enabled, true),
        sql`${cryptos.rate} = ${p('crypto.rate')}::numeric`,
        sql`${cryptos.address} = ${p('crypto.address')}::text`,
        sql`${cryptos.network} = ${p('crypto.network')}::text`,
        sql`${cryptos.chainId} is not distinct from ${p('crypto.chainId')}::integer`,
        sql`${cryptos.tokenContract} is not distinct from ${p('crypto.tokenContract')}::text`,
        sql`${cryptos.decimals} is not distinct from ${p('crypto.decimals')}::integer`,
        sql`(${cryptos.rateSource} = 'manual' or ${cryptos.rateUpdatedAt} >= ${p('freshRatesSince')}::timestamptz)`,
      )}
      on conflict (${sql.identifier(orders.userId.name)}, ${sql.identifier(orders.idempotencyKey.name)}) do nothing
      returning ${orders.id}`,
  );
  return db.with(made).select().from(made).prepare('quick_order_insert');
}

const quickInserts = new WeakMap<Queryable, ReturnType<typeof buildQuickInsert>>();

/**
 * Makes the order in one statement if everything its quote relied on still holds in the database
 * (see `buildQuickInsert`); the row it returns is the one inserted. Undefined when anything changed
 * or the Idempotency-Key was used: the caller then takes the checked path. Beyond the hard cap the
 * database refuses it (`hardCapRefusal`).
 */
export async function insertOrderIfQuoteHolds(db: Queryable, o: QuotedOrder): Promise<OrderRow | undefined> {
  let insert = quickInserts.get(db);
  if (!insert) quickInserts.set(db, (insert = buildQuickInsert(db)));
  const expiresAt = new Date(o.now.getTime() + o.orderExpiryMinutes * 60_000);
  const [made] = await insert.execute({
    publicId: o.publicId,
    userId: o.userId,
    'crypto.code': o.crypto.code,
    'crypto.rate': o.crypto.rate,
    'crypto.address': o.crypto.address,
    'crypto.network': o.crypto.network,
    'crypto.chainId': o.crypto.chainId,
    'crypto.tokenContract': o.crypto.tokenContract,
    'crypto.decimals': o.crypto.decimals,
    priceUsd: o.priceUsd,
    orderExpiryMinutes: o.orderExpiryMinutes,
    tokens: o.tokens,
    bonusTokens: o.bonusTokens,
    payAmount: o.payAmount,
    usdAmount: o.usdAmount,
    idempotencyKey: o.idempotencyKey,
    requestFingerprint: o.requestFingerprint,
    expiresAt: expiresAt.toISOString(),
    now: o.now.toISOString(),
    freshRatesSince: o.freshRatesSince.toISOString(),
  });
  if (!made) return undefined;
  return {
    id: made.id,
    publicId: o.publicId,
    userId: o.userId,
    cryptoCode: o.crypto.code,
    address: o.crypto.address,
    status: 'pending',
    tokens: o.tokens,
    bonusTokens: o.bonusTokens,
    payAmount: o.payAmount,
    rate: o.crypto.rate,
    usdAmount: o.usdAmount,
    network: o.crypto.network,
    chainId: o.crypto.chainId,
    tokenContract: o.crypto.tokenContract,
    decimals: o.crypto.decimals,
    idempotencyKey: o.idempotencyKey,
    requestFingerprint: o.requestFingerprint,
    txHash: null,
    decidedAt: null,
    decidedBy: null,
    decisionNote: null,
    expiresAt,
    createdAt: o.now,
    updatedAt: o.now,
  };
}

/** The tokens still available when the hard-cap trigger refused an order, or undefined for any other error. */
export function hardCapRefusal(error: unknown): { tokensLeft: string } | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: unknown; detail?: unknown };
    if (err.code === 'PS001') return { tokensLeft: typeof err.detail === 'string' ? err.detail : '0' };
  }
  return undefined;
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
