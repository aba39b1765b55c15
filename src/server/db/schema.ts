// The one schema for PGlite and PostgreSQL. Amounts are NUMERIC and read as strings; never floats.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SCRIPT_TYPES, UTXO_CHAINS } from '../../domain/utxo/chains';
import { LEDGER_KINDS } from '../../domain/ledger-kinds';
import { LOOKUP_NETWORKS, NETWORKS, PAYMENT_NETWORKS } from '../../domain/networks';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { RATE_SOURCES } from '../../domain/rate-sources';

const amount = (name: string) => numeric(name, { precision: 38, scale: 6 });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Order updates by e-mail (created, payment seen, expired); decisions and security messages always go. */
    orderMail: boolean('order_mail').notNull().default(true),
    /** When the buyer opened the link sent to their current address; null until then. */
    emailVerifiedAt: instant('email_verified_at'),
    /** Two-factor sign-in (issue 15), see `operators`. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Where the buyer's tokens are to be delivered (issue 19): an EVM address in its checksummed form. */
    receivingWallet: text('receiving_wallet'),
    receivingWalletAt: instant('receiving_wallet_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), index('users_created_at_idx').on(t.createdAt)],
);

/** Server-side sessions. Only a SHA-256 of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind', { enum: ['buyer', 'operator'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** When the session ends unless used again; operator sessions slide it forward on use (idle limit). */
    expiresAt: instant('expires_at').notNull(),
    /** The latest `expiresAt` may slide to (operator sessions' absolute limit); null for sessions that do not slide. */
    maxExpiresAt: instant('max_expires_at'),
    /** What the session list shows (issue 15): the browser that signed in, from where, and when last used. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** When the password (and code) were last confirmed in this session, for money settings (step-up). */
    steppedUpAt: instant('stepped_up_at'),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_subject_idx').on(t.kind, t.subjectId), check('sessions_kind_check', sql`${t.kind} in ('buyer', 'operator')`)],
);

/** The sale: a single row (id = 1) the operator edits. */
export const saleSettings = pgTable(
  'sale_settings',
  {
    id: integer('id').primaryKey().default(1),
    tokenName: text('token_name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
    totalSupply: amount('total_supply').notNull(),
    softCap: amount('soft_cap').notNull(),
    hardCap: amount('hard_cap').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    orderExpiryMinutes: integer('order_expiry_minutes').notNull().default(60),
    /** Pending orders one buyer may hold at once; the sale-totals trigger refuses more (migration 0008). */
    maxPendingOrders: integer('max_pending_orders').notNull().default(3),
    listingAt: instant('listing_at'),
    deliveryNote: text('delivery_note').notNull().default(''),
    /** Buyers must verify their e-mail address before ordering (issue 14). */
    requireVerifiedEmail: boolean('require_verified_email').notNull().default(false),
    /** Every operator must sign in with a second factor (issue 15; an Owner's setting). */
    operatorsNeedTotp: boolean('operators_need_totp').notNull().default(false),
    /** When an operator first saved the schedule; null on a fresh install, whose sale is unscheduled (issue 28). */
    scheduledAt: instant('scheduled_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /**
     * Running totals kept by a trigger on `orders` (migration 0007), never written by the app:
     * tokens of pending and approved orders, and of approved orders alone. The trigger refuses a new
     * pending order that would take `tokensCommitted` past the hard cap.
     */
    tokensCommitted: amount('tokens_committed').notNull().default('0'),
    tokensSold: amount('tokens_sold').notNull().default('0'),
  },
  (t) => [check('sale_settings_single_row', sql`${t.id} = 1`), check('sale_settings_max_pending_orders', sql`${t.maxPendingOrders} between 1 and 20`)],
);

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
    rate: amount('rate').notNull(),
    usdAmount: amount('usd_amount').notNull(),
    /** The token price the quote used: an operator's re-quote at the order's rate values tokens at it. */
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
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
    decidedAt: instant('decided_at'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decisionNote: text('decision_note'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // Orders changed since the order-mail job's cursor (issue 14).
    index('orders_updated_idx').on(t.updatedAt),
    // A buyer's pending orders, counted on every new order (the per-buyer limit).
    index('orders_user_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // A payment to a deposit address names its order: one pending order per buyer and crypto there.
    uniqueIndex('orders_pending_deposit_crypto_key').on(t.userId, t.cryptoCode).where(sql`${t.status} = 'pending' and ${t.depositAddressId} is not null`),
    check('orders_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'expired')`),
  ],
);

/**
 * Append-only ledger: a buyer's balance is the sum of their entries. One entry per order and kind:
 * the purchase and its bonus at approval, and the excess and its bonus when an operator credits an
 * overpayment (once per order, see `excessDecisions`).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: amount('amount').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /**
     * The hash chain (issue 16), set by the database as each entry is written (trigger
     * `ledger_entries_chain`, under the lock of `ledger_chain`'s one row): the entry's place in the
     * chain from 1, the previous entry's hash (64 zeros before the first), and SHA-256 over
     * `prev_hash|seq|id|user_id|order_id|kind|amount|created_at` (hex; created_at in UTC to the
     * microsecond, e.g. 2026-11-23T10:00:00.123456Z). The defaults are never kept.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [index('ledger_user_idx').on(t.userId), uniqueIndex('ledger_order_kind_key').on(t.orderId, t.kind), uniqueIndex('ledger_seq_key').on(t.seq)],
);

/** The head of the ledger's hash chain (one row): the lock every new entry takes, and where it links. */
export const ledgerChain = pgTable(
  'ledger_chain',
  {
    id: integer('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('ledger_chain_single_row', sql`${t.id} = 1`)],
);

/** The chain's head as recorded once per UTC day, public on /transparency: history rewritten since shows. */
export const ledgerHeads = pgTable('ledger_heads', {
  day: text('day').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every instance on the same database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: instant('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

/** Operators of the back-office: their own accounts, separate from buyers. */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    login: text('login').notNull(),
    name: text('name').notNull().default(''),
    /** What the operator may do (src/contracts/permissions.ts); operators from before roles are owners. */
    role: text('role', { enum: ['owner', 'manager', 'approver', 'viewer'] })
      .notNull()
      .default('owner'),
    /** A disabled operator cannot sign in, and their sessions end. */
    disabledAt: instant('disabled_at'),
    /** Set for a generated one-time password: the next sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /**
     * Two-factor sign-in (issue 15): the TOTP secret (base32; the server must read it to check codes),
     * set at enrolment and enabled once a first code confirms it; the last time step accepted, so a
     * code cannot be used twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Where the operator's notifications go (issue 14); none without it. */
    email: text('email'),
    /** Told when a payment needs review, and when one has waited over an hour. */
    notifyReview: boolean('notify_review').notNull().default(false),
    notifyWaiting: boolean('notify_waiting').notNull().default(false),
    /** Notifications cover what happened after this instant: turning them on does not mail the past. */
    notifySince: instant('notify_since'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_login_lower_key').on(sql`lower(${t.login})`), check('operators_role_check', sql`${t.role} in ('owner', 'manager', 'approver', 'viewer')`)],
);

/** Cryptocurrencies buyers can pay with. Offered only when enabled, with a wallet address and a rate. */
export const cryptos = pgTable(
  'cryptos',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    network: text('network', { enum: NETWORKS }).notNull(),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    decimals: integer('decimals'),
    priceFeedId: text('price_feed_id'),
    rateSource: text('rate_source', { enum: RATE_SOURCES }).notNull().default('feed'),
    /** Last USD price from the feed; feed-mode rates are recomputed from it when the token price changes. */
    usdPrice: numeric('usd_price', { precision: 38, scale: 12 }),
    /** Tokens per 1 unit of this crypto. */
    rate: amount('rate'),
    rateUpdatedAt: instant('rate_updated_at'),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('cryptos_code_upper', sql`${t.code} = upper(${t.code})`),
    check('cryptos_rate_positive', sql`${t.rate} is null or ${t.rate} > 0`),
    check('cryptos_network_check', sql`${t.network} in ('bitcoin', 'litecoin', 'dogecoin', 'evm', 'tron', 'solana', 'other')`),
  ],
);

/** Append-only record of operator changes (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorLogin: text('operator_login').notNull(),
    /** The operator's role when they made the change; null before roles existed and for the server's own decisions. */
    operatorRole: text('operator_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_operator_idx').on(t.operatorId, t.createdAt)],
);

/** The operator's edits of the public texts (one row). Absent until the first save: defaults apply. */
export const siteContent = pgTable(
  'site_content',
  {
    id: integer('id').primaryKey().default(1),
    content: jsonb('content').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('site_content_single_row', sql`${t.id} = 1`)],
);

/** Tracking pixels, loaded on public pages under `location` after the visitor accepts analytics cookies. */
export const pixels = pgTable('pixels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  apiKey: text('api_key').notNull(),
  secondaryKey: text('secondary_key'),
  location: text('location').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** When each scheduled job last ran, so that several instances run it once per interval between them. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: instant('last_run_at').notNull(),
});

// ── Automatic payments (issue 12, decision 016) ─────────────────────────────────────────────────

/** Chain families with a watch-only account key. */
export const KEY_FAMILIES = ['evm', ...UTXO_CHAINS] as const;
export type KeyFamily = (typeof KEY_FAMILIES)[number];

/**
 * The operator's watch-only account keys, one active per chain family ('evm'). A replaced key stays
 * (inactive) so the addresses derived from it keep naming their buyer. Never a private key.
 */
export const accountKeys = pgTable(
  'account_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    family: text('family', { enum: KEY_FAMILIES }).notNull(),
    xpub: text('xpub').notNull(),
    /** Bitcoin-family chains: the addresses the key derives (an xpub is exported for every type); null for EVM. */
    scriptType: text('script_type', { enum: SCRIPT_TYPES }),
    active: boolean('active').notNull().default(true),
    /** The next …/0/i index to hand out; addresses are never handed out twice. */
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_keys_active_family_key').on(t.family).where(sql`${t.active}`),
    check('account_keys_family_check', sql`${t.family} in ('evm', 'bitcoin', 'litecoin', 'dogecoin')`),
    check('account_keys_script_type_check', sql`(${t.family} <> 'evm') = (${t.scriptType} is not null)`),
  ],
);

/** A buyer's deposit address on a chain family, derived from an account key and never given to anyone else. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer('key_id')
      .notNull()
      .references(() => accountKeys.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    derivationIndex: integer('derivation_index').notNull(),
    /** EVM: lower-case, for matching what a chain reports. Bitcoin: as derived (base58 is case-sensitive). */
    address: text('address').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_addresses_key_user_key').on(t.keyId, t.userId), uniqueIndex('deposit_addresses_key_index_key').on(t.keyId, t.derivationIndex)],
);

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
    /** 'evm' (chain_id set), or a Bitcoin-family chain (chain_id null; one row per transaction and address, log index 0). */
    network: text('network', { enum: PAYMENT_NETWORKS }).notNull().default('evm'),
    chainId: integer('chain_id'),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    /** null for ether. Lower-case. */
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
    check('payments_network_check', sql`${t.network} in ('evm', 'bitcoin', 'litecoin', 'dogecoin')`),
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

/**
 * Every e-mail Presale makes, in the order made: queued → sent, or retried with backoff and failed
 * with the server's answer; `kept` when no SMTP server is configured (readable in the Outbox).
 * Instances send each message once: a sender claims rows (`sending`, with a lease) before sending.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What it is about, e.g. password-reset. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The parts, as rendered; null until the sender renders them from `data` (order messages). */
    html: text('html'),
    text: text('text'),
    /** What a message rendered at sending time is made from. */
    data: jsonb('data'),
    /** One message per event (e.g. order:ab12:approved), however many instances heard of it. */
    dedupeKey: text('dedupe_key').unique(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'kept'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** Until when a sender holds a `sending` row; past it, another may take it again. */
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'kept')`),
  ],
);

/** A password-reset link: only its SHA-256 is stored; single-use, valid for 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A link sent to an address: only its SHA-256 is stored. `verify` verifies the account's address it
 * was sent to; `change` makes the address it was sent to the account's address when opened.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'change'] })
      .notNull()
      .default('verify'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId), check('email_verifications_purpose_check', sql`${t.purpose} in ('verify', 'change')`)],
);

/** The sale's logo, uploaded by an operator (one row; absent until then): shown in e-mails and on the pages. */
export const siteLogo = pgTable(
  'site_logo',
  {
    id: integer('id').primaryKey().default(1),
    mime: text('mime').notNull(),
    data: bytes('data').notNull(),
    /** SHA-256 of the data, hex: the logo's URL carries it, so a new logo is a new URL. */
    sha256: text('sha256').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('site_logo_single_row', sql`${t.id} = 1`)],
);

/** Single-use recovery codes for two-factor sign-in (issue 15): ten per enrolment, stored only as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['buyer', 'operator'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_subject_idx').on(t.kind, t.subjectId), check('recovery_codes_kind_check', sql`${t.kind} in ('buyer', 'operator')`)],
);

/** The token being delivered (issue 19): its EVM chain and contract once deployed, and its decimals. One row. */
export const tokenDelivery = pgTable(
  'token_delivery',
  {
    id: integer('id').primaryKey().default(1),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    decimals: integer('decimals').notNull().default(18),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('token_delivery_single_row', sql`${t.id} = 1`), check('token_delivery_decimals', sql`${t.decimals} between 6 and 36`)],
);

/**
 * A distribution (issue 19): the buyers' balances frozen at one point of the ledger (entries after
 * the previous distribution's `upToSeq`, up to this one's), with each buyer's wallet at that moment.
 * Approvals after the freeze go to the next distribution; a distribution never changes.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    /**
     * Not unique: a distribution may carry only tokens of buyers who were missing a wallet before
     * (`distributionRows.carried`), with no new ledger entry. Openings are serialised by the ledger
     * chain's lock, so two never freeze the same entries.
     */
    upToSeq: bigint('up_to_seq', { mode: 'number' }).notNull(),
    decimals: integer('decimals').notNull(),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    /** Of the rows with a wallet, in OpenZeppelin's standard format (address, uint256); null when none has one. */
    merkleRoot: text('merkle_root'),
    openedBy: integer('opened_by').references(() => operators.id),
    openedAt: instant('opened_at').notNull().defaultNow(),
  },
  (t) => [check('distributions_seq_order', sql`${t.fromSeq} <= ${t.upToSeq}`)],
);

export const distributionRows = pgTable(
  'distribution_rows',
  {
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The buyer's receiving wallet when the distribution was opened; null: missing. */
    wallet: text('wallet'),
    tokens: amount('tokens').notNull(),
    /** `tokens` in the token's smallest unit. */
    units: numeric('units', { precision: 78, scale: 0 }).notNull(),
    /**
     * Of `tokens`, those carried from earlier distributions where this buyer had no wallet yet: they
     * stayed frozen there as missing, and are delivered here, where the buyer has one.
     */
    carried: amount('carried').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.userId] }),
    check('distribution_rows_positive', sql`${t.tokens} > 0`),
    check('distribution_rows_carried', sql`${t.carried} >= 0 and ${t.carried} <= ${t.tokens}`),
  ],
);

/**
 * A distribution published to a claim contract (issue 19): buyers claim their tokens with their
 * Merkle proof. Once published it never changes (trigger, migration 0020).
 */
export const distributionClaims = pgTable('distribution_claims', {
  distributionId: integer('distribution_id')
    .primaryKey()
    .references(() => distributions.id),
  /** The claim contract, EIP-55, on the distribution's chain. */
  contract: text('contract').notNull(),
  /** The sale's own claim page, if it has one (https). */
  claimUrl: text('claim_url'),
  publishedBy: integer('published_by').references(() => operators.id),
  publishedAt: instant('published_at').notNull().defaultNow(),
});

/** A distribution row's tokens sent in a transaction (issue 19): one per row, append-only like the ledger. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributionId: integer('distribution_id').notNull(),
    userId: integer('user_id').notNull(),
    txHash: text('tx_hash').notNull(),
    recordedBy: integer('recorded_by').references(() => operators.id),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.distributionId, t.userId], foreignColumns: [distributionRows.distributionId, distributionRows.userId], name: 'deliveries_row_fk' }),
    uniqueIndex('deliveries_row_key').on(t.distributionId, t.userId),
    index('deliveries_user_idx').on(t.userId),
  ],
);

export const WALLET_CHANGE_STATES = ['applied', 'pending', 'approved', 'rejected', 'withdrawn'] as const;

/**
 * Every change of a buyer's receiving wallet (issue 19): `applied` when the buyer made it (before the
 * sale ended, or a first wallet), else a request the sale team approves or rejects (`pending`), or
 * the buyer withdraws. At most one pending request per buyer.
 */
export const walletChanges = pgTable(
  'wallet_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    previous: text('previous'),
    address: text('address').notNull(),
    state: text('state', { enum: WALLET_CHANGE_STATES }).notNull(),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
    /** The operator's note to the buyer on a decision. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('wallet_changes_one_pending_key').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('wallet_changes_user_idx').on(t.userId, t.id),
    index('wallet_changes_state_idx').on(t.state, t.id),
    check('wallet_changes_state_check', sql`${t.state} in ('applied', 'pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);
