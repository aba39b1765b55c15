// Buyers' orders: the quote the server computed, and its state.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StagePiece } from '../../../domain/stages';
import type { EligibilityCheck } from '../../../contracts/eligibility';
import { NETWORKS } from '../../../domain/networks';
import { ORDER_STATUSES } from '../../../domain/order-statuses';
import { amount, instant } from './columns';
import { operators, users } from './accounts';
import { campaignCodes } from './campaigns';
import { depositAddresses } from './deposit-addresses';

/** A buyer's order: the quote the server computed, and its state. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    tokens: amount('tokens').notNull(),
    bonusTokens: amount('bonus_tokens').notNull(),
    /** In the currency, to its own decimals (at most 8: satoshis). */
    payAmount: numeric('pay_amount', { precision: 38, scale: 8 }).notNull(),
    /** Tokens per unit at the first piece's stage price (the stage the order started in). */
    rate: amount('rate').notNull(),
    usdAmount: amount('usd_amount').notNull(),
    /** The first piece's stage price (the quote's token price before stages); each piece keeps its own. */
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
    /** The quote's pieces, one per stage it was priced in (issue 30); the orders trigger counts them against their stages. */
    stagePieces: jsonb('stage_pieces').$type<StagePiece[]>().notNull().default([]),
    /** The crypto's payment details when the order was made: later edits to the crypto do not change an order. */
    network: text('network', { enum: NETWORKS }).notNull().default('other'),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    decimals: integer('decimals'),
    /** The buyer's Idempotency-Key and a fingerprint of the request it came with. */
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint'),
    /** The payment's transaction hash, as the buyer attached it or the watcher saw it. */
    txHash: text('tx_hash'),
    /** When that hash was attached: a manual payment waits for review from then. */
    txHashAt: instant('tx_hash_at'),
    /** Set when the order pays to the buyer's derived deposit address (automatic detection). */
    depositAddressId: integer('deposit_address_id').references(() => depositAddresses.id),
    /** The campaign code the buyer entered (issue 31): its bonus is credited at approval. */
    campaignCodeId: integer('campaign_code_id').references(() => campaignCodes.id),
    decidedAt: instant('decided_at'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decisionNote: text('decision_note'),
    /** The country check when the order was made (issue 34): the declared country, the address's, and the verdict; null before it existed. */
    eligibility: jsonb('eligibility').$type<EligibilityCheck>(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // Orders changed since the order-mail job's cursor (issue 14).
    index('orders_updated_idx').on(t.updatedAt),
    // A buyer's pending orders, listed when the limit refuses one more (the count is `buyerPendingOrders`).
    index('orders_user_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // A payment to a deposit address names its order: one pending order per buyer and crypto there.
    uniqueIndex('orders_pending_deposit_crypto_key').on(t.userId, t.cryptoCode).where(sql`${t.status} = 'pending' and ${t.depositAddressId} is not null`),
    check('orders_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'expired', 'withdrawn')`),
  ],
);

/**
 * How many pending orders each buyer holds, kept by the orders trigger after every statement that
 * changes them, under the sale row's lock (migration 0045): the per-buyer limit reads one row per
 * buyer of a statement instead of counting the buyer's pending orders.
 */
export const buyerPendingOrders = pgTable('buyer_pending_orders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull(),
});
