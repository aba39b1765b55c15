// The public proof of the sale's figures (issue 16): totals per crypto, every approved order, the
// receiving addresses, the ledger's head and daily heads, and an export anyone can recompute
// (src/domain/ledger-chain.ts); and the operator's overview charts, summed by the same queries.
import { z } from 'zod';
import { decimalString, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';
import { networkSchema } from './networks';
import { publicStageSchema } from './sale';

const hash = z.string().regex(/^[0-9a-f]{64}$/);

export const ledgerHeadSchema = z.object({ seq: z.number().int(), hash });

/** Sums of approved orders in one crypto (or, per day, on one day in one crypto). */
export const approvedSumsSchema = z.object({
  code: z.string(),
  name: z.string(),
  network: networkSchema,
  /** In the crypto, as the orders were approved for. */
  amount: decimalString,
  /** USD value at approval (each order's quote). */
  usdAmount: decimalString,
  tokens: decimalString,
  bonusTokens: decimalString,
  orders: z.number().int(),
});
export type ApprovedSums = z.infer<typeof approvedSumsSchema>;

export const transparencySchema = z.object({
  token: z.object({ name: z.string(), symbol: z.string() }),
  /**
   * Equal to the landing page's Raised and Tokens sold. Tokens sold, the level bonus, referral
   * rewards and campaign rewards are counted apart, each equal to the ledger's sum of its kinds
   * (reversing entries included). Tokens sold, raised and orders count the orders approved and not
   * withdrawn: sold = tokens purchased − `refunds.tokens`.
   */
  totals: z.object({
    raisedUsd: decimalString,
    tokensSold: decimalString,
    bonusTokens: decimalString,
    referralTokens: decimalString,
    /** Campaign codes' buyer bonus and referrer rewards. */
    campaignTokens: decimalString,
    /** Withdrawals completed with a refund (decision 040): how many orders, and the tokens and bonus they took back. */
    refunds: z.object({ orders: z.number().int(), tokens: decimalString, bonusTokens: decimalString }),
    orders: z.number().int(),
    buyers: z.number().int(),
  }),
  perCrypto: z.array(approvedSumsSchema),
  /**
   * Each stage with its price, allocation, tokens sold (approved orders' pieces in it) and when it
   * opened and closed: the same figures as the landing page's.
   */
  stages: z.array(publicStageSchema),
  /** Cryptos paid to the operator's one wallet address. */
  addresses: z.array(z.object({ code: z.string(), name: z.string(), network: networkSchema, chainId: z.number().int().nullable(), address: z.string(), explorerUrl: z.string().nullable() })),
  /** Cryptos paid to a deposit address of each buyer's own, and how many were handed out per chain family. */
  derived: z.array(z.object({ family: z.string(), cryptos: z.array(z.string()), addressesHandedOut: z.number().int() })),
  /** Per enabled crypto: whether the server detects its payments on the chain or an operator checks them. */
  verification: z.array(z.object({ code: z.string(), name: z.string(), automatic: z.boolean() })),
  ledger: z.object({ head: ledgerHeadSchema, total: decimalString }),
  dailyHeads: z.array(z.object({ day: z.string(), seq: z.number().int(), hash, recordedAt: isoDateTime })),
  serverTime: isoDateTime,
});
export type Transparency = z.infer<typeof transparencySchema>;

export const publicOrderSchema = z.object({
  /** The order's number in the ledger (ledger entries name it). */
  orderId: z.number().int(),
  approvedAt: isoDateTime,
  crypto: z.object({ code: z.string(), network: networkSchema }),
  amount: decimalString,
  usdAmount: decimalString,
  /** Everything the order credited, an overpayment's excess included. */
  tokens: decimalString,
  bonusTokens: decimalString,
  /** Of those, what an operator credited later for an overpayment ("0" when none). */
  excessTokens: decimalString,
  excessBonusTokens: decimalString,
  /** Masked as on the leaderboard. */
  buyer: z.string(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** Withdrawn by its buyer since its approval (decision 040): its ledger takes the tokens and bonus back. */
  withdrawn: z.boolean(),
  /** The order's ledger entries: their place in the chain and hash. */
  ledger: z.array(z.object({ seq: z.number().int(), kind: z.string(), hash })),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const publicOrdersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, 'Page size must be between 1 and 100.').max(100, 'Page size must be between 1 and 100.').default(20),
});

export const publicOrdersPageSchema = z.object({ orders: z.array(publicOrderSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

const chainEntrySchema = z.object({
  seq: z.number().int(),
  id: z.number().int(),
  userId: z.number().int(),
  orderId: z.number().int().nullable(),
  kind: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  prevHash: hash,
  hash,
});

/** Everything needed to recompute the chain and check it against the approved orders. */
export const ledgerExportSchema = z.object({
  format: z.literal('presale-ledger-1'),
  exportedAt: isoDateTime,
  head: ledgerHeadSchema,
  entries: z.array(chainEntrySchema),
  orders: z.array(publicOrderSchema.omit({ ledger: true })),
  dailyHeads: z.array(z.object({ day: z.string(), seq: z.number().int(), hash })),
});
export type LedgerExport = z.infer<typeof ledgerExportSchema>;

// ── The operator's overview ─────────────────────────────────────────────────────────────────────

export const OVERVIEW_RANGES = ['7d', '30d', 'sale'] as const;
export const overviewQuerySchema = z.strictObject({ range: z.enum(OVERVIEW_RANGES).default('30d') });

const perDay = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ day: z.string(), ...shape }));

export const overviewSchema = z.object({
  range: z.enum(OVERVIEW_RANGES),
  /** The first day shown (UTC, YYYY-MM-DD) and the last (today). */
  from: z.string(),
  to: z.string(),
  /** Approved orders per day of approval and crypto. */
  approved: perDay({ code: z.string(), tokens: decimalString, usdAmount: decimalString, orders: z.number().int() }),
  /** Orders per day made, by their status now. */
  ordersByStatus: perDay({ status: z.string(), orders: z.number().int() }),
  newBuyers: perDay({ buyers: z.number().int() }),
  /** Buyers who registered in the range, and of them those who ordered and whose order was approved. */
  funnel: z.object({ registered: z.number().int(), ordered: z.number().int(), approved: z.number().int() }),
  /** Minutes from order to approval, for orders approved in the range. */
  approvalMinutes: z.object({ orders: z.number().int(), median: z.number().nullable(), p90: z.number().nullable() }),
  /** Sums of the range's approved orders per crypto: the same query as /transparency's (which sums the whole sale). */
  perCrypto: z.array(approvedSumsSchema),
  /** The range's approved order pieces summed per stage (issue 30): every stage, in sale order, then any since removed. */
  perStage: z.array(z.object({ number: z.number().int(), name: z.string(), priceUsd: decimalString.nullable(), tokens: decimalString, usdAmount: decimalString, orders: z.number().int() })),
});
export type Overview = z.infer<typeof overviewSchema>;

export const transparencyEndpoints = {
  'GET /api/transparency': { responses: { 200: transparencySchema } },
  'GET /api/transparency/orders': { query: publicOrdersQuerySchema, responses: { 200: publicOrdersPageSchema } },
  'GET /api/transparency/orders.csv': { produces: 'text/csv' },
  'GET /api/transparency/ledger.json': { responses: { 200: ledgerExportSchema } },
  'GET /api/admin/overview': { query: overviewQuerySchema, responses: { 200: overviewSchema } },
} satisfies EndpointMap;
