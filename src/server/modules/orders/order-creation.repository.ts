// New orders: the quick insert that checks its quote in the database, the checked path's insert,
// and what the checked path reads before it.
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { preparedPerHandle, type Queryable } from '../../db/client';
import type { StagePiece } from '@/domain/stages';
import { cryptos, orders, payments, saleSettings, saleStages } from '../../db/schema';
import type { OrderRow } from './order-views.repository';

type CryptoRow = typeof cryptos.$inferSelect;
type OrderInsert = typeof orders.$inferInsert;

export async function findOrderByIdempotencyKey(db: Queryable, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A new order as quoted from the sale settings, stages and crypto as last read, with the values it relied on. */
export interface QuotedOrder {
  publicId: string;
  userId: number;
  /** The crypto's row as read: its USD price and payment details must still be current. */
  crypto: Pick<CryptoRow, 'code' | 'address' | 'network' | 'chainId' | 'tokenContract' | 'decimals'> & { usdPrice: string; address: string };
  /** The one stage the quote priced every token in: it must still be the current stage, at this price. */
  stageId: number;
  priceUsd: string;
  /** Tokens per unit at that price. */
  rate: string;
  stagePieces: StagePiece[];
  /** The payment window the quote used: it must still be current. */
  orderExpiryMinutes: number;
  /** When the payment window closes: now plus that window. */
  expiresAt: Date;
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
  usdPrice: 'numeric',
  rate: 'numeric',
  stageId: 'integer',
  stagePieces: 'jsonb',
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
 * its `now` and not sold out, its stage is still the current one at the quoted price, the payment
 * window is the one it was quoted with, and its crypto is offered with the quoted USD price, payment
 * details and a fresh rate. An order whose Idempotency-Key was used inserts nothing. The hard cap and
 * the stage's allocation are the `orders_totals_on_insert` trigger's.
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
    rate: sql`${i('rate')}`,
    usdAmount: sql`${i('usdAmount')}`,
    priceUsd: sql`${saleStages.priceUsd}`,
    stagePieces: sql`${i('stagePieces')}`,
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
      inner join ${saleStages} on ${saleStages.id} = ${i('stageId')}
      where ${and(
        // The quote's stage is still the current one, at the quoted price: open, not past its end, and
        // no stage before it still open (one past its end but not yet recorded takes the checked path).
        sql`${saleStages.priceUsd} = ${i('priceUsd')}`,
        sql`${saleStages.closedAt} is null`,
        sql`(${saleStages.endsAt} is null or ${saleStages.endsAt} > ${i('createdAt')})`,
        sql`not exists (select 1 from ${saleStages} as earlier where earlier.position < ${saleStages.position} and earlier.closed_at is null)`,
        // Orders past their window hold tokens only until they are expired: with one about
        // (orders_pending_expiry_idx), the checked path expires it first, so no stage is sold out by
        // tokens that were already free (decision 028).
        // Read once per statement, in the order of orders_pending_expiry_idx: the first such order's end.
        sql`coalesce((select overdue.expires_at from ${orders} as overdue where overdue.status = 'pending'
          and not exists (select 1 from ${payments} where ${payments.orderId} = overdue.id and ${payments.state} = 'seen' and ${payments.paidAt} <= overdue.expires_at)
          order by overdue.expires_at limit 1), 'infinity') > ${i('createdAt')}`,
        sql`${saleSettings.orderExpiryMinutes} = ${i('orderExpiryMinutes')}`,
        sql`${saleSettings.scheduledAt} is not null`,
        sql`${saleSettings.startsAt} <= ${i('createdAt')}`,
        sql`${saleSettings.endsAt} > ${i('createdAt')}`,
        sql`${saleSettings.tokensSold} < ${saleSettings.hardCap}`,
        eq(cryptos.enabled, true),
        sql`${cryptos.usdPrice} = ${i('usdPrice')}`,
        sql`${cryptos.rate} is not null`,
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
  const column = <T>(f: (o: QuotedOrder) => T) => batch.map(f);
  const made = await quickInsert(db).execute({
    publicId: column((o) => o.publicId),
    userId: column((o) => o.userId),
    cryptoCode: column((o) => o.crypto.code),
    usdPrice: column((o) => o.crypto.usdPrice),
    rate: column((o) => o.rate),
    stageId: column((o) => o.stageId),
    stagePieces: column((o) => JSON.stringify(o.stagePieces)),
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
  for (const o of batch) {
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
      rate: o.rate,
      usdAmount: o.usdAmount,
      priceUsd: o.priceUsd,
      stagePieces: o.stagePieces,
      network: o.crypto.network,
      chainId: o.crypto.chainId,
      tokenContract: o.crypto.tokenContract,
      decimals: o.crypto.decimals,
      idempotencyKey: o.idempotencyKey,
      requestFingerprint: o.requestFingerprint,
      txHash: null,
      txHashAt: null,
      depositAddressId: null,
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

/** A buyer's pending orders, oldest first: what a refusal for too many pending orders points to. */
export async function findPendingOrdersOfUser(db: Queryable, userId: number): Promise<{ publicId: string; expiresAt: Date; cryptoCode: string; depositAddressId: number | null }[]> {
  return db
    .select({ publicId: orders.publicId, expiresAt: orders.expiresAt, cryptoCode: orders.cryptoCode, depositAddressId: orders.depositAddressId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(asc(orders.createdAt));
}
