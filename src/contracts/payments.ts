// Automatic payments (issue 12): the operator's watch-only account key and, per EVM chain, the
// endpoint and the rules the watcher applies. No private key or recovery phrase is ever accepted.
import { z } from 'zod';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { SCRIPT_TYPES, UTXO_CHAINS } from '@/domain/utxo/chains';
import { LOOKUP_NETWORKS, PAYMENT_NETWORKS } from '@/domain/networks';
import { decimalString, hasStrayControlChars, isoDateTime, strayControlCharsMessage } from './common';
import type { EndpointMap } from './endpoint';
import { orderPieceSchema } from './orders';

const httpUrl = (example: string) =>
  z
    .string()
    .trim()
    .max(500, 'The endpoint URL is at most 500 characters.')
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, `Enter the endpoint as an http(s) URL, such as ${example}.`);

export const evmKeyBodySchema = z.strictObject({
  // The server reads the key itself (domain/account-key): its refusals name what was pasted.
  xpub: z.string().max(300, 'An extended public key is about 111 characters: check what was pasted.'),
});
export type EvmKeyBody = z.input<typeof evmKeyBodySchema>;

const CHAIN_ID_MESSAGE = 'A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).';

export const chainParams = z.strictObject({
  chainId: z.coerce.number(CHAIN_ID_MESSAGE).int(CHAIN_ID_MESSAGE).min(1, CHAIN_ID_MESSAGE).max(2_147_483_647, CHAIN_ID_MESSAGE),
});

export const evmChainBodySchema = z.strictObject({
  rpcUrl: httpUrl('https://eth.example.com/v2/KEY'),
  /** Blocks to wait; null waits for the endpoint's finalized block. */
  confirmations: z.number().int('Confirmations are a whole number.').min(1, 'Wait for at least 1 confirmation.').max(1000, 'At most 1000 confirmations.').nullable(),
  /** Percent either way, e.g. "0.5". */
  tolerancePercent: z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, 'Tolerance is a percentage such as 0.5.')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= 2, 'Tolerance has at most 2 decimals.')
    .refine((v) => Number(v) <= 10, 'Tolerance is at most 10 %.'),
  autoApproveUsd: z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, 'The auto-approve limit is an amount in USD such as 10000.')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= 2, 'The auto-approve limit has at most 2 decimals.')
    .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 12, 'The auto-approve limit is too large.'),
});
export type EvmChainBody = z.input<typeof evmChainBodySchema>;

/** Networks whose pasted transaction hashes are looked up on an endpoint set here (issue 13). */
export const lookupParams = z.strictObject({ network: z.enum(LOOKUP_NETWORKS, 'Lookups are set for Bitcoin, TRON and Solana.') });

export const lookupBodySchema = z.strictObject({ url: httpUrl('https://mempool.space/api') });
export type LookupBody = z.input<typeof lookupBodySchema>;

/** The Bitcoin-family chains paid automatically (issue 13): each has its own account key and watcher. */
export const utxoChainParams = z.strictObject({ chain: z.enum(UTXO_CHAINS, 'The chain is bitcoin, litecoin or dogecoin.') });

/** An account key of a Bitcoin-family chain: a zpub, ypub or xpub (Ltub, Mtub, dgub) as the wallet exports it. */
export const utxoKeyBodySchema = z.strictObject({
  // The server reads the key itself (domain/utxo/account-key): its refusals name what was pasted.
  xpub: z.string().max(300, 'An extended public key is about 111 characters: check what was pasted.'),
  /**
   * For an xpub (or Ltub, dgub), which wallets export for every script type: the addresses it uses.
   * Omitted: what the key's own version says (zpub: native segwit, ypub: nested segwit, xpub: legacy).
   */
  scriptType: z.enum(SCRIPT_TYPES, 'Choose the address type: native segwit, nested segwit or legacy.').optional(),
});
export type UtxoKeyBody = z.input<typeof utxoKeyBodySchema>;

const coinAmount = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, 'The amount for more confirmations is an amount in coins such as 0.5.')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 8, 'The amount for more confirmations has at most 8 decimals.')
  .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 11, 'The amount for more confirmations is too large.');

const confirmationCount = z
  .number('Confirmations are a whole number.')
  .int('Confirmations are a whole number.')
  .min(0, 'Confirmations cannot be negative.')
  .max(144, 'At most 144 confirmations (a day of Bitcoin blocks).');

/** The default cap on requests to a chain's Esplora endpoint: what public endpoints serve without a key (decision 030). */
export const DEFAULT_REQUESTS_PER_MINUTE = 60;

const requestsPerMinute = z
  .number('The request budget is a whole number of requests a minute.')
  .int('The request budget is a whole number of requests a minute.')
  .min(10, 'At least 10 requests a minute: the watcher asks for the tip 4 times a minute and must read new blocks.')
  .max(100_000, 'At most 100,000 requests a minute.');

/** How the watcher reads a Bitcoin-family chain and judges its payments. */
export const utxoWatcherBodySchema = z.strictObject({
  /** An Esplora API: mempool.space's, blockstream.info's, litecoinspace.org's, or the operator's own electrs or mempool. */
  esploraUrl: httpUrl('https://mempool.space/api'),
  confirmations: confirmationCount,
  /** Payments (orders) strictly above this amount, in the chain's coins, wait for `largeConfirmations`; null: no such rule. */
  largeAbove: coinAmount.nullable(),
  largeConfirmations: confirmationCount,
  tolerancePercent: evmChainBodySchema.shape.tolerancePercent,
  autoApproveUsd: evmChainBodySchema.shape.autoApproveUsd,
  /** At most this many requests to the endpoint in any minute; unconfirmed polling gives way first. */
  requestsPerMinute: requestsPerMinute.default(DEFAULT_REQUESTS_PER_MINUTE),
});
export type UtxoWatcherBody = z.input<typeof utxoWatcherBodySchema>;

export const utxoChainSettingsSchema = z.object({
  chain: z.enum(UTXO_CHAINS),
  /** "Bitcoin", "Litecoin", "Dogecoin". */
  name: z.string(),
  /** BTC, LTC, DOGE: the unit of `largeAbove`. */
  symbol: z.string(),
  /** Key prefixes the chain's wallets export, e.g. ["xpub", "ypub", "zpub"]. */
  keyPrefixes: z.array(z.string()),
  /** Address types the chain has (Dogecoin: legacy only). */
  scriptTypes: z.array(z.enum(SCRIPT_TYPES)),
  /** Currencies offered (or not yet enabled) on this chain. */
  currencies: z.array(z.string()),
  /** The chain's default confirmations, and for a large payment (Bitcoin). */
  defaults: z.object({ confirmations: z.number().int(), largeConfirmations: z.number().int() }),
  key: z
    .object({
      /** The key itself reads the whole account's history: Owners only (null for other roles). */
      xpub: z.string().nullable(),
      /** The key's BIP-32 fingerprint (8 hex digits), to tell which key is set without showing it. */
      fingerprint: z.string(),
      scriptType: z.enum(SCRIPT_TYPES),
      /** The first receiving addresses (…/0/0, 1, 2), to compare with the wallet. */
      firstAddresses: z.array(z.string()),
      handedOut: z.number().int(),
      /**
       * Addresses handed out after the last one that received a payment (all of them when none
       * has): a wallet stops looking after its gap limit (20 by default) of unused addresses.
       */
      gap: z.number().int(),
    })
    .nullable(),
  watcher: z
    .object({
      esploraHost: z.string(),
      confirmations: z.number().int(),
      largeAbove: decimalString.nullable(),
      largeConfirmations: z.number().int(),
      tolerancePercent: decimalString,
      autoApproveUsd: decimalString,
      tipHeight: z.number().int().nullable(),
      /** When the tip last changed, once that is longer ago than the chain's blocks ever take: the endpoint may have stopped following. */
      noBlockSince: isoDateTime.nullable(),
      scannedAt: isoDateTime.nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: isoDateTime.nullable(),
      requestsPerMinute: z.number().int(),
      /** At the last scan: addresses awaiting a payment (null before the first scan). */
      awaitingAddresses: z.number().int().nullable(),
      /** Of those, how many the budget left unpolled for unconfirmed payments for 10 minutes or more. */
      unpolledAddresses: z.number().int().nullable(),
    })
    .nullable(),
});
export type UtxoChainSettings = z.infer<typeof utxoChainSettingsSchema>;

/** How the watcher reads TRON (issue 33) and judges its payments. */
export const tronWatcherBodySchema = z.strictObject({
  /** A TronGrid-compatible HTTP API: TronGrid's, or the operator's own java-tron full node. */
  apiUrl: httpUrl('https://api.trongrid.io'),
  /** A second API, read when the first fails and asked to confirm each block that pays a deposit address; null: none. */
  fallbackUrl: httpUrl('https://tron-node.example.com').nullable().default(null),
  /** Blocks to wait: 19 is TRON's solidified depth. */
  confirmations: z.number('Confirmations are a whole number.').int('Confirmations are a whole number.').min(1, 'Wait for at least 1 confirmation.').max(1000, 'At most 1000 confirmations.').default(19),
  tolerancePercent: evmChainBodySchema.shape.tolerancePercent,
  autoApproveUsd: evmChainBodySchema.shape.autoApproveUsd,
  /** Orders paid to TRON deposit addresses start at this many USD, so that moving them out costs a small share; null: no minimum. */
  minOrderUsd: z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, 'The minimum order is an amount in USD such as 20.')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= 2, 'The minimum order has at most 2 decimals.')
    .refine((v) => !/^0+(\.0+)?$/.test(v), 'The minimum order is more than 0; leave it empty for none.')
    .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 12, 'The minimum order is too large.')
    .nullable()
    .default(null),
});
export type TronWatcherBody = z.input<typeof tronWatcherBodySchema>;

/** Addresses the operator owns, one a line, imported for TRON instead of an account key (appended to those imported before). */
export const tronAddressesBodySchema = z.strictObject({
  // The server reads the list itself (domain/tron/address-list): its refusals name the line. 10,000 lines of 34 characters, with room for line ends and spaces.
  addresses: z.string().max(500_000, 'Import at most 10,000 addresses at a time.'),
});
export type TronAddressesBody = z.input<typeof tronAddressesBodySchema>;

/** A watch-only account key as the Payments page shows it (EVM and TRON alike). */
const accountKeyViewSchema = z.object({
  /** The key itself reads the whole account's history: Owners only (null for other roles). */
  xpub: z.string().nullable(),
  /** The key's BIP-32 fingerprint (8 hex digits), to tell which key is set without showing it. */
  fingerprint: z.string(),
  /** The first addresses of the account (index 0, 1, 2), to compare with the wallet. */
  firstAddresses: z.array(z.string()),
  /** Deposit addresses handed out so far. */
  handedOut: z.number().int(),
});

export const tronSettingsSchema = z.object({
  /** Currencies offered (or not yet enabled) on TRON: TRX and USDT (TRC-20). */
  currencies: z.array(z.string()),
  /** The account key, while TRON's addresses come from it (null while they come from an imported list). */
  key: accountKeyViewSchema.nullable(),
  /** The imported address list, once one was imported (whether or not it is in use). */
  addressList: z
    .object({
      /** Whether buyers are given addresses from the list now (else from the key, or none). */
      active: z.boolean(),
      imported: z.number().int(),
      handedOut: z.number().int(),
      /** Addresses no buyer holds yet, after the last one handed out. */
      left: z.number().int(),
      /** Fewer than 20 left, or fewer than a tenth of those imported: time to import more. */
      fewLeft: z.boolean(),
      /** When an order first found none left (TRON orders are refused until more are imported); null otherwise. */
      ranOutAt: isoDateTime.nullable(),
    })
    .nullable(),
  watcher: z
    .object({
      /** Only the endpoint's host: its URL may carry an API key. */
      apiHost: z.string(),
      fallbackHost: z.string().nullable(),
      confirmations: z.number().int(),
      tolerancePercent: decimalString,
      autoApproveUsd: decimalString,
      headBlock: z.string().nullable(),
      nextBlock: z.string().nullable(),
      noBlockSince: isoDateTime.nullable(),
      scannedAt: isoDateTime.nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: isoDateTime.nullable(),
      /** TRON orders below this are refused (null: no minimum). */
      minOrderUsd: decimalString.nullable(),
      /**
       * What moving USDT out of one deposit address burns, in TRX, at the chain's prices read at
       * `at` (null until the watcher first read them): energy and bandwidth of one TRC-20 transfer.
       */
      sweepFee: z.object({ trx: decimalString, energySun: z.number().int(), bandwidthSun: z.number().int(), at: isoDateTime }).nullable(),
    })
    .nullable(),
});
export type TronSettings = z.infer<typeof tronSettingsSchema>;

export const paymentSettingsSchema = z.object({
  evmKey: accountKeyViewSchema.nullable(),
  chains: z.array(
    z.object({
      chainId: z.number().int(),
      /** Only the endpoint's host: its URL may carry an API key. */
      rpcHost: z.string(),
      confirmations: z.number().int().nullable(),
      tolerancePercent: decimalString,
      autoApproveUsd: decimalString,
      headBlock: z.string().nullable(),
      /** The next block the watcher reads. */
      nextBlock: z.string().nullable(),
      /** When the head block last changed, once that is over 10 minutes ago: the endpoint may have stopped following. */
      noBlockSince: isoDateTime.nullable(),
      scannedAt: isoDateTime.nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: isoDateTime.nullable(),
    }),
  ),
  /** Automatic payments on Bitcoin, Litecoin and Dogecoin: each chain's account key and watcher, in that order. */
  utxoChains: z.array(utxoChainSettingsSchema),
  /** Automatic payments on TRON: its account key and watcher. */
  tron: tronSettingsSchema,
  /** Where pasted Bitcoin, TRON and Solana transaction hashes are looked up; only each endpoint's host. */
  lookups: z.array(z.object({ network: z.enum(LOOKUP_NETWORKS), host: z.string() })),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentEndpoints = {
  'GET /api/admin/payments': { responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/evm-key': { body: evmKeyBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/evm-key': { responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/chains/:chainId': { params: chainParams, body: evmChainBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/chains/:chainId': { params: chainParams, responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/utxo/:chain/key': { params: utxoChainParams, body: utxoKeyBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/utxo/:chain/key': { params: utxoChainParams, responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/utxo/:chain/watcher': { params: utxoChainParams, body: utxoWatcherBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/utxo/:chain/watcher': { params: utxoChainParams, responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/tron/key': { body: evmKeyBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/tron/key': { responses: { 200: paymentSettingsSchema } },
  'POST /api/admin/payments/tron/addresses': { body: tronAddressesBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/tron/addresses': { responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/tron/watcher': { body: tronWatcherBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/tron/watcher': { responses: { 200: paymentSettingsSchema } },
  'PUT /api/admin/payments/lookups/:network': { params: lookupParams, body: lookupBodySchema, responses: { 200: paymentSettingsSchema } },
  'DELETE /api/admin/payments/lookups/:network': { params: lookupParams, responses: { 200: paymentSettingsSchema } },
} satisfies EndpointMap;

/** A deposit to a buyer's address that no open order holds: the operator assigns or dismisses it. */
export const unallocatedDepositSchema = z.object({
  id: z.number().int(),
  network: z.enum(PAYMENT_NETWORKS),
  /** The EVM chain; null on Bitcoin-family chains and TRON. */
  chainId: z.number().int().nullable(),
  /** The offered currency it was paid in, when one matches (chain and token contract). */
  crypto: z.string().nullable(),
  /** In the currency's units when it is known, else in base units. */
  amount: decimalString,
  baseUnits: z.string(),
  txHash: z.string(),
  explorerUrl: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Null while a Bitcoin transaction waits in the mempool. */
  blockNumber: z.string().nullable(),
  confirmed: z.boolean(),
  buyer: z.object({ id: z.number().int(), email: z.string() }),
  seenAt: isoDateTime,
  /**
   * What an order made from this deposit would credit at today's prices, across the stages open
   * now (its pieces by stage); null when no offered currency matches it or it cannot be priced
   * (`quoteRefusal` says why).
   */
  quote: z.object({ tokens: decimalString, bonusTokens: decimalString, usdAmount: decimalString, pieces: z.array(orderPieceSchema) }).nullable(),
  /** Why a deposit in an offered currency has no quote now (a stale rate, no open stage, more than the stages hold); null otherwise. */
  quoteRefusal: z.string().nullable(),
});
export type UnallocatedDeposit = z.infer<typeof unallocatedDepositSchema>;

export const dismissDepositBodySchema = z.strictObject({
  note: z.string().trim().min(3, 'Say why, e.g. dust or address poisoning.').max(500, 'The note is at most 500 characters.'),
});

export const depositOrderBodySchema = z.strictObject({
  note: z
    .string()
    .trim()
    .max(500, 'The note is at most 500 characters.')
    .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage('The note'))
    .default(''),
  /** Credit it even though its tokens no longer fit under the hard cap (audited). */
  overrideHardCap: z.boolean().default(false),
});

export const depositParams = z.strictObject({ id: z.coerce.number('No deposit has this id.').int('No deposit has this id.').positive('No deposit has this id.').max(9_007_199_254_740_991) });

export const unallocatedEndpoints = {
  'GET /api/admin/payments/unallocated': { responses: { 200: z.object({ deposits: z.array(unallocatedDepositSchema) }) } },
  'POST /api/admin/payments/unallocated/:id/order': {
    params: depositParams,
    body: depositOrderBodySchema.optional(),
    responses: { 200: z.object({ deposits: z.array(unallocatedDepositSchema), order: z.object({ id: z.string() }) }) },
  },
  'POST /api/admin/payments/unallocated/:id/dismiss': { params: depositParams, body: dismissDepositBodySchema, responses: { 200: z.object({ deposits: z.array(unallocatedDepositSchema) }) } },
} satisfies EndpointMap;
