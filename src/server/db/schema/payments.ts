// Watched chains, lookup endpoints, the payments seen on them and the operator's decisions on excess.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { UTXO_CHAINS } from '../../../domain/utxo/chains';
import { LOOKUP_NETWORKS, PAYMENT_NETWORKS } from '../../../domain/networks';
import { amount, instant } from './columns';
import { operators, users } from './accounts';
import { orders } from './orders';

/** Per EVM chain: where to read it, how to judge its payments, and where the watcher is. */
export const evmChains = pgTable(
  'evm_chains',
  {
    chainId: integer('chain_id').primaryKey(),
    /** May carry an API key: only its host is ever shown. */
    rpcUrl: text('rpc_url').notNull(),
    /** Blocks to wait; null waits for the endpoint's `finalized` block. */
    confirmations: integer('confirmations'),
    toleranceBps: integer('tolerance_bps').notNull().default(50),
    autoApproveUsd: amount('auto_approve_usd').notNull().default('10000'),
    /** The watcher's cursor: the next block to read, and the hashes of the last blocks read. */
    nextBlock: bigint('next_block', { mode: 'bigint' }),
    recentBlocks: jsonb('recent_blocks').notNull().default([]),
    headBlock: bigint('head_block', { mode: 'bigint' }),
    /** When a scan last found the head block changed: a head that stops moving is an endpoint that stopped following. */
    headChangedAt: instant('head_changed_at'),
    scannedAt: instant('scanned_at'),
    lastError: text('last_error'),
    lastErrorAt: instant('last_error_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('evm_chains_confirmations_check', sql`${t.confirmations} is null or ${t.confirmations} between 1 and 1000`),
    check('evm_chains_tolerance_check', sql`${t.toleranceBps} between 0 and 1000`),
    check('evm_chains_auto_approve_check', sql`${t.autoApproveUsd} >= 0`),
  ],
);

/**
 * Per Bitcoin-family chain watched (issue 13, decision 023): the Esplora API it is read on, the
 * confirmation policy, the watcher's rules, and the scanner's cursor (JSON, `scanCursorSchema`).
 */
export const bitcoinChains = pgTable(
  'bitcoin_chains',
  {
    chain: text('chain', { enum: UTXO_CHAINS }).primaryKey(),
    /** May carry an API key: only its host is ever shown. */
    esploraUrl: text('esplora_url').notNull(),
    confirmations: integer('confirmations').notNull(),
    /** Payments (orders) strictly above this many satoshis wait for `largeConfirmations`. */
    largeAboveUnits: numeric('large_above_units', { precision: 20, scale: 0 }),
    largeConfirmations: integer('large_confirmations').notNull(),
    toleranceBps: integer('tolerance_bps').notNull().default(50),
    autoApproveUsd: amount('auto_approve_usd').notNull().default('10000'),
    /** At most this many requests to the endpoint in any minute (decision 030). */
    requestsPerMinute: integer('requests_per_minute').notNull().default(60),
    /** At the last scan: addresses awaiting a payment, and how many of them went unpolled for 10 minutes (the budget's delay). */
    awaitingAddresses: integer('awaiting_addresses'),
    unpolledAddresses: integer('unpolled_addresses'),
    cursor: jsonb('cursor'),
    tipHeight: integer('tip_height'),
    /** When a scan last found the tip changed: a tip that stops moving is an endpoint that stopped following. */
    tipChangedAt: instant('tip_changed_at'),
    scannedAt: instant('scanned_at'),
    lastError: text('last_error'),
    lastErrorAt: instant('last_error_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('bitcoin_chains_chain_check', sql`${t.chain} in ('bitcoin', 'litecoin', 'dogecoin')`),
    check('bitcoin_chains_confirmations_check', sql`${t.confirmations} between 0 and 144 and ${t.largeConfirmations} between ${t.confirmations} and 144`),
    check('bitcoin_chains_tolerance_check', sql`${t.toleranceBps} between 0 and 1000`),
    check('bitcoin_chains_auto_approve_check', sql`${t.autoApproveUsd} >= 0`),
    check('bitcoin_chains_requests_per_minute_check', sql`${t.requestsPerMinute} between 10 and 100000`),
  ],
);

/**
 * TRON watched (issue 33, decision 037): the TronGrid-compatible API it is read on, the watcher's
 * rules and its cursor (the next block, and the hashes of the last blocks read), as on EVM chains.
 */
export const tronChains = pgTable(
  'tron_chains',
  {
    network: text('network', { enum: ['tron'] }).primaryKey().default('tron'),
    /** May carry an API key (TronGrid's goes in a header, a self-hosted node's in the URL): only its host is ever shown. */
    apiUrl: text('api_url').notNull(),
    /** A second API (another provider, or the operator's node): read when the first fails, and asked to confirm each block that pays a deposit address. */
    fallbackUrl: text('fallback_url'),
    /** Blocks to wait: 19 is TRON's solidified depth (two thirds of its 27 block producers after the block). */
    confirmations: integer('confirmations').notNull().default(19),
    toleranceBps: integer('tolerance_bps').notNull().default(50),
    autoApproveUsd: amount('auto_approve_usd').notNull().default('10000'),
    /** Orders paid to TRON deposit addresses start at this many USD (null: no minimum), so that moving them out costs a small share of them. */
    minOrderUsd: amount('min_order_usd'),
    nextBlock: bigint('next_block', { mode: 'bigint' }),
    recentBlocks: jsonb('recent_blocks').notNull().default([]),
    headBlock: bigint('head_block', { mode: 'bigint' }),
    headChangedAt: instant('head_changed_at'),
    scannedAt: instant('scanned_at'),
    lastError: text('last_error'),
    lastErrorAt: instant('last_error_at'),
    /** The chain's resource prices in sun (getchainparameters), read by the watcher at most hourly: the Payments page's fee estimate. */
    energyPriceSun: integer('energy_price_sun'),
    bandwidthPriceSun: integer('bandwidth_price_sun'),
    pricesAt: instant('prices_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tron_chains_network_check', sql`${t.network} = 'tron'`),
    check('tron_chains_confirmations_check', sql`${t.confirmations} between 1 and 1000`),
    check('tron_chains_tolerance_check', sql`${t.toleranceBps} between 0 and 1000`),
    check('tron_chains_auto_approve_check', sql`${t.autoApproveUsd} >= 0`),
    check('tron_chains_min_order_check', sql`${t.minOrderUsd} is null or ${t.minOrderUsd} > 0`),
  ],
);

/**
 * Where a pasted transaction hash is looked up for the operator (issue 13), per network without a
 * watched key: Bitcoin on an Esplora API (mempool.space's, blockstream.info's or the operator's own
 * electrs), TRON on a TronGrid-compatible HTTP API, Solana on a JSON-RPC endpoint. EVM hashes use the
 * chain's endpoint (evm_chains). The URL may carry an API key: only its host is ever shown.
 */
export const lookupEndpoints = pgTable(
  'lookup_endpoints',
  {
    network: text('network', { enum: LOOKUP_NETWORKS }).primaryKey(),
    url: text('url').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('lookup_endpoints_network_check', sql`${t.network} in ('bitcoin', 'tron', 'solana')`)],
);

/**
 * A transfer seen on a chain to a deposit address: ether (log index -1) or a token's Transfer log,
 * in base units. (chain, tx hash, log index) is unique, so a re-scan never counts a payment twice,
 * and it belongs to one order at most.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * 'evm' (chain_id set), a Bitcoin-family chain (chain_id null; one row per transaction and address,
     * log index 0), or 'tron' (chain_id null; one row per transaction and address: TRX -1, a TRC-20 Transfer its log's index).
     */
    network: text('network', { enum: PAYMENT_NETWORKS }).notNull().default('evm'),
    chainId: integer('chain_id'),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    /** null for ether (TRX). EVM: lower-case; TRON: base58, as offered. */
    tokenContract: text('token_contract'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Base units (wei, a token's smallest unit): up to 2^256. */
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    /** Null while a Bitcoin transaction waits in the mempool. */
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    userId: integer('user_id').references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** seen (in a block, not yet confirmed) → confirmed, or reverted (its block left the chain). */
    state: text('state', { enum: ['seen', 'confirmed', 'reverted'] }).notNull().default('seen'),
    /** For a payment with no open order: unallocated until an operator assigns or dismisses it. */
    dismissedAt: instant('dismissed_at'),
    dismissNote: text('dismiss_note'),
    /**
     * When the payment was made, as the chain gives it: its block's time when first found mined, or
     * when the watcher first saw it unconfirmed (decision 024). Judged against the order's window.
     */
    paidAt: instant('paid_at').notNull().defaultNow(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_chain_tx_log_key').on(t.chainId, t.txHash, t.logIndex),
    uniqueIndex('payments_bitcoin_tx_address_key').on(t.network, t.txHash, t.toAddress).where(sql`${t.network} <> 'evm'`),
    check('payments_network_check', sql`${t.network} in ('evm', 'bitcoin', 'litecoin', 'dogecoin', 'tron')`),
    check('payments_network_chain_check', sql`(${t.network} = 'evm') = (${t.chainId} is not null)`),
    check('payments_evm_block_check', sql`${t.network} <> 'evm' or ${t.blockNumber} is not null`),
    index('payments_order_idx').on(t.orderId),
    index('payments_user_idx').on(t.userId),
    check('payments_state_check', sql`${t.state} in ('seen', 'confirmed', 'reverted')`),
    check('payments_value_positive', sql`${t.value} > 0`),
  ],
);

/**
 * What an operator decided about the excess of an overpaid, approved order: credited at the order's
 * rate (the order then holds the excess, and the ledger an `excess` entry) or refunded outside the
 * app (the note says how). One decision per order.
 */
export const excessDecisions = pgTable(
  'excess_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id),
    action: text('action', { enum: ['credited', 'refunded'] }).notNull(),
    /** The excess decided on, in base units. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** Tokens and bonus credited for it (0 when refunded). */
    tokens: amount('tokens').notNull().default('0'),
    bonusTokens: amount('bonus_tokens').notNull().default('0'),
    note: text('note').notNull(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at').notNull(),
  },
  (t) => [check('excess_decisions_action_check', sql`${t.action} in ('credited', 'refunded')`), check('excess_decisions_amount_positive', sql`${t.amount} > 0`)],
);
