// New orders: the quick insert that checks its quote in the database, the checked path's insert,
// and what the checked path reads before it.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { EligibilityCheck } from '@/contracts/eligibility';
import type { StagePiece } from '@/domain/stages';
import { cryptos, orders } from '../../db/schema';
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
  /** The country check made before it (issue 34), stored with it. */
  eligibility: EligibilityCheck;
}

/**
 * Makes each order whose quote still holds in the database, all in one statement: the function
 * `insert_quoted_orders` (migration 0030, decision 034) says what must still hold. Returns the rows
 * made, by public id. An order missing from the answer was not made: something it relied on
 * changed, or its Idempotency-Key was used. If the orders together would pass the hard cap or a
 * stage's allocation the database refuses the whole statement (`hardCapRefusal`, `stageCapRefusal`).
 */
export async function insertQuotedOrders(db: Queryable, batch: QuotedOrder[]): Promise<Map<string, OrderRow>> {
  const input = batch.map((o) => ({
    publicId: o.publicId,
    userId: o.userId,
    cryptoCode: o.crypto.code,
    usdPrice: o.crypto.usdPrice,
    rate: o.rate,
    stageId: o.stageId,
    stagePieces: o.stagePieces,
    address: o.crypto.address,
    network: o.crypto.network,
    chainId: o.crypto.chainId,
    tokenContract: o.crypto.tokenContract,
    decimals: o.crypto.decimals,
    priceUsd: o.priceUsd,
    orderExpiryMinutes: o.orderExpiryMinutes,
    tokens: o.tokens,
    bonusTokens: o.bonusTokens,
    payAmount: o.payAmount,
    usdAmount: o.usdAmount,
    idempotencyKey: o.idempotencyKey,
    requestFingerprint: o.requestFingerprint,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.now.toISOString(),
    freshRatesSince: o.freshRatesSince.toISOString(),
    eligibility: o.eligibility,
  }));
  // made_id is a bigint: node-postgres reads it as text, PGlite as a number.
  const made = (await db.execute(sql`select made_id, made_public_id from insert_quoted_orders(${JSON.stringify(input)}::jsonb)`)) as { rows: { made_id: string | number; made_public_id: string }[] };
  const ids = new Map(made.rows.map((m) => [m.made_public_id, Number(m.made_id)]));
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
      campaignCodeId: null,
      decidedAt: null,
      decidedBy: null,
      decisionNote: null,
      eligibility: o.eligibility,
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
