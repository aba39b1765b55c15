import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { dec } from '@/domain/decimal';
import type { z } from 'zod';
import type { adminOrdersQuerySchema, OrderStatus } from '@/contracts/orders';
import { preparedPerHandle, type Queryable } from '../../db/client';
import { cryptos, ledgerEntries, operators, orders, saleSettings, users } from '../../db/schema';
import type { CryptoRow } from '../cryptos/cryptos.repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;

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

/** The quick insert's input columns: each is one array parameter, unnested into rows. */
const INPUT = {
  publicId: 'text',
  userId: 'integer',
  cryptoCode: 'text',
  rate: 'numeric',
  address: 'text',
  network: 'text',
  chainId: 'integer',
  tokenContract: 'text',
  decimals: 'integer',
  priceUsd: 'numeric',
  orderExpiryMinutes: 'integer',
  tokens: 'numeric',
  bonusTokens: 'numeric',
  payAmount: 'numeric',
  usdAmount: 'numeric',
  idempotencyKey: 'text',
  requestFingerprint: 'text',
  expiresAt: 'timestamptz',
  createdAt: 'timestamptz',
  freshRatesSince: 'timestamptz',
} as const;
type InputColumn = keyof typeof INPUT;

/**
 * INSERT … SELECT of new orders, built once per database handle, from one array per column (so one
 * statement serves one order or two hundred). Each order is inserted only while the sale is live at
 * its `now` and not sold out, the token price and payment window are the ones it was quoted with,
 * and its crypto is offered with the quoted rate, payment details and a fresh rate. An order whose
 * Idempotency-Key was used inserts nothing. The hard cap is the `orders_totals_on_insert` trigger's.
 */
function buildQuickInsert(db: Queryable) {
  const i = (column: InputColumn) => sql.identifier(`i_${column}`);
  const inputs = sql.join(
    (Object.entries(INPUT) as [InputColumn, string][]).map(([column, type]) => sql`${sql.placeholder(column)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const inputNames = sql.join((Object.keys(INPUT) as InputColumn[]).map(i), sql`, `);
  const values = {
    publicId: sql`${i('publicId')}`,
    userId: sql`${i('userId')}`,
    cryptoCode: sql`${cryptos.code}`,
    address: sql`${cryptos.address}`,
    status: sql`'pending'`,
    tokens: sql`${i('tokens')}`,
    bonusTokens: sql`${i('bonusTokens')}`,
    payAmount: sql`${i('payAmount')}`,
    rate: sql`${cryptos.rate}`,
    usdAmount: sql`${i('usdAmount')}`,
    network: sql`${cryptos.network}`,
    chainId: sql`${cryptos.chainId}`,
    tokenContract: sql`${cryptos.tokenContract}`,
    decimals: sql`${cryptos.decimals}`,
    idempotencyKey: sql`${i('idempotencyKey')}`,
    requestFingerprint: sql`${i('requestFingerprint')}`,
    expiresAt: sql`${i('expiresAt')}`,
    createdAt: sql`${i('createdAt')}`,
    updatedAt: sql`${i('createdAt')}`,
  } satisfies Partial<Record<keyof OrderRow, SQL>>;
  const columns = getTableColumns(orders);
  const names = sql.join(
    Object.keys(values).map((key) => sql.identifier(columns[key as keyof typeof values].name)),
    sql`, `,
  );
  const made = db.$with('made', { id: orders.id, publicId: orders.publicId }).as(
    sql`insert into ${orders} (${names})
      select ${sql.join(Object.values(values), sql`, `)}
      from unnest(${inputs}) as input(${inputNames})
      inner join ${cryptos} on ${cryptos.code} = ${i('cryptoCode')}
      inner join ${saleSettings} on ${saleSettings.id} = 1
      where ${and(
        sql`${saleSettings.priceUsd} = ${i('priceUsd')}`,
        sql`${saleSettings.orderExpiryMinutes} = ${i('orderExpiryMinutes')}`,
        sql`${saleSettings.startsAt} <= ${i('createdAt')}`,
        sql`${saleSettings.endsAt} > ${i('createdAt')}`,
        sql`${saleSettings.tokensSold} < ${saleSettings.hardCap}`,
        eq(cryptos.enabled, true),
        sql`${cryptos.rate} = ${i('rate')}`,
        sql`${cryptos.address} = ${i('address')}`,
        sql`${cryptos.network} = ${i('network')}`,
        sql`${cryptos.chainId} is not distinct from ${i('chainId')}`,
        sql`${cryptos.tokenContract} is not distinct from ${i('tokenContract')}`,
        sql`${cryptos.decimals} is not distinct from ${i('decimals')}`,
        sql`(${cryptos.rateSource} = 'manual' or ${cryptos.rateUpdatedAt} >= ${i('freshRatesSince')})`,
        // The trigger enforces the limit under the sale row's lock; this spares a refused statement.
        sql`(select count(*) from ${orders} as held where held.user_id = ${i('userId')} and held.status = 'pending') < ${saleSettings.maxPendingOrders}`,
      )}
      on conflict (${sql.identifier(orders.userId.name)}, ${sql.identifier(orders.idempotencyKey.name)}) do nothing
      returning ${orders.id}, ${orders.publicId}`,
  );
  return db.with(made).select().from(made).prepare('quick_orders_insert');
}

const quickInsert = preparedPerHandle(buildQuickInsert);

/**
 * Makes each order whose quote still holds in the database (see `buildQuickInsert`), all in one
 * statement; returns the rows made, by public id. An order missing from the answer was not made:
 * something it relied on changed, or its Idempotency-Key was used. If the orders together would
 * pass the hard cap the database refuses the whole statement (`hardCapRefusal`).
 */
export async function insertQuotedOrders(db: Queryable, batch: QuotedOrder[]): Promise<Map<string, OrderRow>> {
  const rows = batch.map((o) => ({ ...o, expiresAt: new Date(o.now.getTime() + o.orderExpiryMinutes * 60_000) }));
  const column = <T>(f: (o: (typeof rows)[number]) => T) => rows.map(f);
  const made = await quickInsert(db).execute({
    publicId: column((o) => o.publicId),
    userId: column((o) => o.userId),
    cryptoCode: column((o) => o.crypto.code),
    rate: column((o) => o.crypto.rate),
    address: column((o) => o.crypto.address),
    network: column((o) => o.crypto.network),
    chainId: column((o) => o.crypto.chainId),
    tokenContract: column((o) => o.crypto.tokenContract),
    decimals: column((o) => o.crypto.decimals),
    priceUsd: column((o) => o.priceUsd),
    orderExpiryMinutes: column((o) => o.orderExpiryMinutes),
    tokens: column((o) => o.tokens),
    bonusTokens: column((o) => o.bonusTokens),
    payAmount: column((o) => o.payAmount),
    usdAmount: column((o) => o.usdAmount),
    idempotencyKey: column((o) => o.idempotencyKey),
    requestFingerprint: column((o) => o.requestFingerprint),
    expiresAt: column((o) => o.expiresAt.toISOString()),
    createdAt: column((o) => o.now.toISOString()),
    freshRatesSince: column((o) => o.freshRatesSince.toISOString()),
  } satisfies Record<InputColumn, unknown[]>);
  const ids = new Map(made.map((m) => [m.publicId, m.id]));
  const result = new Map<string, OrderRow>();
  for (const o of rows) {
    const id = ids.get(o.publicId);
    if (id === undefined) continue;
    result.set(o.publicId, {
      id,
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
      expiresAt: o.expiresAt,
      createdAt: o.now,
      updatedAt: o.now,
    });
  }
  return result;
}

/** One order through `insertQuotedOrders`: the row made, or undefined. */
export async function insertOrderIfQuoteHolds(db: Queryable, o: QuotedOrder): Promise<OrderRow | undefined> {
  return (await insertQuotedOrders(db, [o])).get(o.publicId);
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

/** A buyer's pending orders, oldest first: what a refusal for too many pending orders points to. */
export async function findPendingOrdersOfUser(db: Queryable, userId: number): Promise<{ publicId: string; expiresAt: Date }[]> {
  return db
    .select({ publicId: orders.publicId, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(asc(orders.createdAt));
}

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
