// Orders (PRODUCT.md §6, §7): the buyer sends what to buy, the server computes every amount.
import { z } from 'zod';
import { CAMPAIGN_OUTCOMES } from '@/domain/campaign-outcomes';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { ORDER_STATUSES } from '@/domain/order-statuses';
import { decimalString, emptyBodySchema, hasStrayControlChars, idParams, isoDateTime, okSchema, signedDecimalString, strayControlCharsMessage } from './common';
import { campaignCodeField } from './campaigns';
import { cryptoIdentity } from './cryptos';
import { eligibilityCheckSchema } from './eligibility';
import type { EndpointMap } from './endpoint';
import { orderWithdrawalSchema } from './withdrawals';

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type { OrderStatus } from '@/domain/order-statuses';

/** An amount as typed: a non-negative decimal with at most `dp` decimals (a pay amount 8: satoshis) and a sane length. */
const amountField = (label: string, dp = 6) =>
  z
    .string()
    .trim()
    .max(40, `${label} is too long.`)
    .regex(DECIMAL_PATTERN, `${label} must be a number such as 100 or 0.5.`)
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= dp, `${label} may have at most ${dp} decimals.`)
    .refine((v) => !/^0+(\.0+)?$/.test(v), `${label} must be greater than zero.`);

export const createOrderBodySchema = z
  .strictObject({
    crypto: z.string().trim().min(1, 'Choose a cryptocurrency.').max(20, 'Choose a cryptocurrency.'),
    tokens: amountField('Token amount').optional(),
    payAmount: amountField('Pay amount', 8).optional(),
    /** A campaign code (issue 31); empty or absent for none. */
    campaignCode: campaignCodeField.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.tokens === undefined) === (v.payAmount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['tokens'], message: 'Send either the token amount or the pay amount.' });
    }
  });
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** A transfer the watcher saw to the order's deposit address. */
export const orderTransferSchema = z.object({
  txHash: z.string(),
  explorerUrl: z.string().nullable(),
  /** In the currency's units, e.g. "0.5". */
  amount: decimalString,
  /** seen: in a block, not yet deep enough; confirmed; reverted: its block left the chain. */
  state: z.enum(['seen', 'confirmed', 'reverted']),
  confirmations: z.number().int(),
});

/** Where an automatically detected payment stands (orders paying to the buyer's deposit address). */
export const orderPaymentSchema = z.object({
  /** Confirmed so far, in the currency's units. */
  received: decimalString,
  /** What is left to send; "0" once paid. */
  remaining: decimalString,
  /** A wallet URI for the remainder to the same address, while part has arrived and part is missing. */
  remainderUri: z.string().nullable(),
  /** Confirmations the operator asked for; null when the chain's finalized block decides. */
  required: z.number().int().nullable(),
  transfers: z.array(orderTransferSchema),
  /**
   * More arrived than the order asked (beyond the tolerance): open until the operator credits it at
   * the order's rate or refunds it (with a note, e.g. the refund's transaction).
   */
  excess: z.object({ amount: decimalString, state: z.enum(['open', 'credited', 'refunded']), note: z.string().nullable() }).nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** One of an approved order's ledger entries: its place in the hash chain and its hash (see /transparency). */
export const orderLedgerEntrySchema = z.object({ seq: z.number().int(), kind: z.string(), amount: signedDecimalString, hash: z.string() });

/** One piece of a quote: tokens priced in one stage (PRODUCT.md §6). */
export const orderPieceSchema = z.object({
  stage: z.number().int(),
  stageName: z.string(),
  tokens: decimalString,
  priceUsd: decimalString,
  payAmount: decimalString,
});
export type OrderPiece = z.infer<typeof orderPieceSchema>;

/** A piece as the operator sees it: with the rate it was priced at (tokens per unit of the currency) and its USD value, so a credit of another amount can be previewed at the order's own prices. */
export const adminOrderPieceSchema = orderPieceSchema.extend({ rate: decimalString, usdAmount: decimalString });
export type AdminOrderPiece = z.infer<typeof adminOrderPieceSchema>;

/**
 * What an approved order made with a campaign code was paid under it (decision 031): the buyer's bonus
 * the quote showed (`wanted`), what the approval credited, and why less (`note`).
 */
export const orderCampaignSchema = z.object({ code: z.string(), outcome: z.enum(CAMPAIGN_OUTCOMES), wanted: decimalString, credited: decimalString, note: z.string() });
export type OrderCampaign = z.infer<typeof orderCampaignSchema>;

export const orderSchema = z.object({
  /** The order's public token, used in URLs. */
  id: z.string(),
  status: orderStatusSchema,
  /** `decimals`: base units per unit are 10^decimals (a wallet sends base units); null: the chain's default, 18 on EVM. */
  crypto: z.object({ ...cryptoIdentity, iconUrl: z.string() }),
  address: z.string(),
  tokens: decimalString,
  bonusTokens: decimalString,
  payAmount: decimalString,
  rate: decimalString,
  usdAmount: decimalString,
  /** The quote by stage: one piece, or several when the purchase spans a stage boundary. */
  pieces: z.array(orderPieceSchema),
  /** A wallet payment URI for the QR code: BIP-21, EIP-681, or the bare address. */
  paymentUri: z.string(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** The operator's note on the decision, shown to the buyer (e.g. why an order was rejected). */
  decisionNote: z.string().nullable(),
  /** Set when the order pays to the buyer's own deposit address and the server watches the chain. */
  payment: orderPaymentSchema.nullable(),
  /** The ledger entries that credited the order (none until it is approved). */
  ledger: z.array(orderLedgerEntrySchema),
  /** The campaign code's bonus once approved; null without a code or before the approval. */
  campaign: orderCampaignSchema.nullable(),
  /** The withdrawal right on an approved (or withdrawn) order (decision 040); null where it does not apply. */
  withdrawal: orderWithdrawalSchema.nullable(),
  serverTime: isoDateTime,
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ orders: z.array(orderSchema) });

export const orderTokenParams = z.strictObject({ orderToken: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Transaction doesn't exist.") });

export const txHashBodySchema = z.strictObject({ txHash: z.string().trim().min(1, 'Enter the transaction hash.').max(130, 'A transaction hash is at most 130 characters.') });

// ── Operator side ────────────────────────────────────────────────────────────────────────────

/**
 * A watched payment as the operator sees it: what arrived and how it compares with the order. "paid"
 * or "overpaid" on a pending order means it waits for the operator (over the auto-approve limit).
 */
export const adminPaymentSchema = z.object({
  received: decimalString,
  verdict: z.enum(['waiting', 'unconfirmed', 'paid', 'underpaid', 'overpaid']),
  /** Confirmed payments in excess of the order, in the currency's units ("0" when none). */
  excess: decimalString,
  /** A payment held by the order left the chain (a reorganisation); after approval the operator must look. */
  reverted: z.boolean(),
  /** What the operator decided about an overpayment's excess, once decided. */
  excessDecision: z
    .object({
      action: z.enum(['credited', 'refunded']),
      /** The excess decided on, in the currency's units. */
      amount: decimalString,
      tokens: decimalString,
      bonusTokens: decimalString,
      note: z.string(),
      decidedAt: isoDateTime,
      decidedBy: z.string().nullable(),
    })
    .nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminOrderSchema = orderSchema.omit({ serverTime: true, payment: true, ledger: true, withdrawal: true }).extend({
  pieces: z.array(adminOrderPieceSchema),
  /** Set for orders paying to a buyer's deposit address. */
  payment: adminPaymentSchema.nullable(),
  orderId: z.number().int(),
  /** The token price the order was quoted at (what a credit at the order's rate values tokens at). */
  priceUsd: decimalString,
  buyer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The country check made when the order was (issue 34); null for orders made before it existed. */
  eligibility: eligibilityCheckSchema.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ORDER_SORTS = ['createdAt', 'tokens', 'usdAmount', 'status'] as const;

/** An empty search is no search; a leading # (as ids are quoted) is ignored. */
export const adminOrderSearch = z
  .string()
  .trim()
  .max(130, 'The search is at most 130 characters.')
  .optional()
  .transform((v) => v?.replace(/^#/, '').trim() || undefined);

export const adminOrdersQuerySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, 'Page size must be between 1 and 100.').max(100, 'Page size must be between 1 and 100.').default(20),
  sort: z.enum(ORDER_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** Search: an order's id (exact), a buyer's e-mail (any part) or a tx hash (exact or its beginning). */
  q: adminOrderSearch,
});

export const adminOrdersPageSchema = z.object({ orders: z.array(adminOrderSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** GET /api/admin/orders.csv: the same filters as the table, every page at once. */
export const adminOrdersCsvQuerySchema = z.strictObject({ status: orderStatusSchema.optional(), q: adminOrderSearch });

export const orderIdParams = idParams;

const decisionNote = z
  .string()
  .trim()
  .max(500, 'The note must be at most 500 characters.')
  .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage('The note'));

/**
 * What an approval credits:
 * - ordered: the order as quoted;
 * - received: what arrived at the order's deposit address, at the order's own stage prices (its
 *   pieces as far as it goes; more than it asked grows its last piece): an underpaid order, or a
 *   late payment of another amount;
 * - received-current: what arrived, priced across the stages open now (late payments only).
 */
export const CREDIT_BASES = ['ordered', 'received', 'received-current'] as const;
export type CreditBasis = (typeof CREDIT_BASES)[number];

export const decisionBodySchema = z.strictObject({
  note: decisionNote.default(''),
  /** Approve a late payment even though its tokens no longer fit under the hard cap (audited). */
  overrideHardCap: z.boolean().default(false),
});

export const approveBodySchema = decisionBodySchema.extend({ credit: z.enum(CREDIT_BASES).default('ordered') });

/** The operator's decision on the excess of an overpaid, approved order. */
export const excessBodySchema = z
  .strictObject({
    action: z.enum(['credit', 'refunded'], 'Choose to credit the excess or to mark it refunded.'),
    note: decisionNote.default(''),
    overrideHardCap: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'refunded' && v.note.length < 3) ctx.addIssue({ code: 'custom', path: ['note'], message: "Say how the excess was refunded, e.g. the refund's transaction hash." });
  });
export type ExcessBody = z.input<typeof excessBodySchema>;

export const leaderboardSchema = z.object({
  rows: z.array(z.object({ rank: z.number().int(), player: z.string(), depositsUsd: decimalString, level: z.string().nullable() })),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const orderEndpoints = {
  'POST /api/orders': { body: createOrderBodySchema, responses: { 200: orderSchema, 201: orderSchema } },
  'GET /api/orders': { responses: { 200: orderListSchema } },
  'GET /api/orders/:orderToken': { params: orderTokenParams, responses: { 200: orderSchema } },
  'POST /api/orders/:orderToken/tx-hash': { params: orderTokenParams, body: txHashBodySchema, responses: { 200: orderSchema } },
  /** The buyer withdraws an approved order (decision 040): a request the operator completes. */
  'POST /api/orders/:orderToken/withdrawal': { params: orderTokenParams, body: emptyBodySchema, responses: { 200: orderSchema } },
  'GET /api/leaderboard': { responses: { 200: leaderboardSchema } },
} satisfies EndpointMap;

/**
 * What the chain says about the transaction hash attached to an order (issue 13), looked up where the
 * operator set an endpoint: the EVM chain's RPC endpoint, or Bitcoin's Esplora API. The operator
 * still decides; `contradictions` are what the chain says against the order (shown in red).
 */
export const txCheckSchema = z.object({
  txHash: z.string().nullable(),
  state: z.enum(['no_hash', 'no_lookup', 'not_found', 'found', 'error']),
  /** Where it was looked up: "RPC at eth.example.com", "Esplora at mempool.space". */
  source: z.string().nullable(),
  /** What the state means, in a sentence. */
  message: z.string(),
  found: z
    .object({
      /** What the transaction pays to the order's address, in the order's currency. */
      amountToAddress: decimalString,
      /** Where it pays, when not to the order's address. */
      recipients: z.array(z.string()),
      confirmations: z.number().int(),
      /** An EVM transaction that reverted moves nothing. */
      failed: z.boolean(),
    })
    .nullable(),
  /** The other order this hash is attached to, if any (one hash, one order). */
  alsoOn: z.string().nullable(),
  contradictions: z.array(z.string()),
});
export type TxCheck = z.infer<typeof txCheckSchema>;

export const adminOrderEndpoints = {
  'GET /api/admin/orders/:id/tx-check': { params: orderIdParams, responses: { 200: txCheckSchema } },
  'GET /api/admin/orders': { query: adminOrdersQuerySchema, responses: { 200: adminOrdersPageSchema } },
  'GET /api/admin/orders.csv': { query: adminOrdersCsvQuerySchema, produces: 'text/csv' },
  'POST /api/admin/orders/:id/approve': { params: orderIdParams, body: approveBodySchema.optional(), responses: { 200: adminOrderSchema } },
  'POST /api/admin/orders/:id/excess': { params: orderIdParams, body: excessBodySchema, responses: { 200: adminOrderSchema } },
  'POST /api/admin/orders/:id/reject': { params: orderIdParams, body: decisionBodySchema.optional(), responses: { 200: adminOrderSchema } },
  'DELETE /api/admin/orders/:id': { params: orderIdParams, responses: { 200: okSchema } },
} satisfies EndpointMap;
