// Token delivery (issue 19): the token's chain, contract and decimals, and distributions that freeze
// the buyers' balances with their wallets, for a multisend (CSV) or a claim contract (Merkle proofs).
import { z } from 'zod';
import { controlCharsMessage, decimalString, emptyBodySchema, hasControlChars, idParams, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const tokenDeliveryBodySchema = z.strictObject({
  chainId: z.number('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').int('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').positive('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').max(2_147_483_647).nullable(),
  /** The token's contract once deployed; checked for its EIP-55 checksum by the server. */
  tokenContract: z.string().trim().max(100, 'A contract address is 0x followed by 40 hex digits.').nullable(),
  decimals: z.number('Decimals are a whole number from 6 to 36.').int('Decimals are a whole number from 6 to 36.').min(6, 'Balances have 6 decimals: the token needs at least 6.').max(36, 'Decimals are a whole number from 6 to 36.'),
});
export type TokenDeliveryBody = z.input<typeof tokenDeliveryBodySchema>;

export const claimSchema = z.object({ contract: z.string(), claimUrl: z.string().nullable(), publishedAt: isoDateTime, publishedBy: z.string().nullable() });

export const distributionSchema = z.object({
  id: z.number().int(),
  openedAt: isoDateTime,
  openedBy: z.string().nullable(),
  /** Ledger entries after `fromSeq` up to `upToSeq` (the hash chain's numbering). */
  fromSeq: z.number().int(),
  upToSeq: z.number().int(),
  decimals: z.number().int(),
  chainId: z.number().int().nullable(),
  tokenContract: z.string().nullable(),
  merkleRoot: z.string().nullable(),
  buyers: z.number().int(),
  missingWallets: z.number().int(),
  /** The ledger's entries in this distribution, plus `carriedTokens`. */
  totalTokens: decimalString,
  /** Tokens of earlier distributions whose buyers had no wallet there, delivered in this one. */
  carriedTokens: decimalString,
  /** Of the buyers with a wallet: what the CSV and the Merkle tree carry. */
  deliverableTokens: decimalString,
  /** Rows with a delivery recorded. */
  delivered: z.number().int(),
  claim: claimSchema.nullable(),
});
export type Distribution = z.infer<typeof distributionSchema>;

/**
 * Where a buyer's tokens of one distribution stand:
 * - `missing`: no wallet when it was opened; carried to a later distribution once the buyer gives one;
 * - `carried`: so carried (`carriedTo`);
 * - `to-deliver`: waiting for the operator to send them;
 * - `claimable`: published to a claim contract, the buyer claims with their proof;
 * - `delivered`: sent, in `txHash`.
 */
export const DELIVERY_STATES = ['missing', 'carried', 'to-deliver', 'claimable', 'delivered'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  missing: 'Wallet missing',
  carried: 'Carried',
  'to-deliver': 'To deliver',
  claimable: 'Claimable',
  delivered: 'Delivered',
};

export const deliveryRecordSchema = z.object({ txHash: z.string(), explorerUrl: z.string().nullable(), recordedAt: isoDateTime, recordedBy: z.string().nullable() });

export const distributionRowSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  wallet: z.string().nullable(),
  tokens: decimalString,
  carried: decimalString,
  units: z.string(),
  state: z.enum(DELIVERY_STATES),
  /** The later distribution that carries a missing row's tokens. */
  carriedTo: z.number().int().nullable(),
  delivery: deliveryRecordSchema.nullable(),
});
export type DistributionRowView = z.infer<typeof distributionRowSchema>;

export const deliveryOverviewSchema = z.object({
  token: z.object({ chainId: z.number().int().nullable(), tokenContract: z.string().nullable(), decimals: z.number().int() }),
  /** A distribution can be opened once the sale has ended or sold out. */
  saleOver: z.boolean(),
  /** Tokens credited since the last distribution (or ever), not yet in any. */
  undistributedTokens: decimalString,
  /** Tokens frozen as missing in earlier distributions whose buyers have given a wallet since: the next one carries them. */
  carryableTokens: decimalString,
  /** Buyers' requests to change their wallet after the sale ended, waiting for a decision. */
  pendingWalletChanges: z.number().int(),
  distributions: z.array(distributionSchema),
});
export type DeliveryOverview = z.infer<typeof deliveryOverviewSchema>;

export const distributionDetailSchema = z.object({ distribution: distributionSchema, rows: z.array(distributionRowSchema) });
export type DistributionDetail = z.infer<typeof distributionDetailSchema>;

export const distributionParams = idParams;

export const TX_HASH_FORMAT = 'A transaction hash is 0x followed by 64 hex digits.';
const txHash = z.string(TX_HASH_FORMAT).trim().regex(/^0x[0-9a-fA-F]{64}$/, TX_HASH_FORMAT);

/** One buyer's tokens of a distribution, sent in a transaction. */
export const deliveryBodySchema = z.strictObject({ userId: z.number().int().positive(), txHash });
export type DeliveryBody = z.input<typeof deliveryBodySchema>;

/** Deliveries in bulk: a CSV of wallet address and transaction hash, one line per transfer, as the multisend tool reports them. */
export const deliveryImportBodySchema = z.strictObject({
  csv: z.string().trim().min(1, 'Paste the CSV or choose its file: a wallet address and a transaction hash per line.').max(2_000_000, 'The file is too large (2 MB at most).'),
});
export const deliveryImportResultSchema = z.object({ recorded: z.number().int(), alreadyRecorded: z.number().int(), detail: distributionDetailSchema });

/** The claim contract a distribution's Merkle root was published to, and the sale's claim page if any. */
export const claimBodySchema = z.strictObject({
  contract: z.string().trim().min(1, 'Enter the claim contract’s address.').max(100, 'A contract address is 0x followed by 40 hex digits.'),
  claimUrl: z
    .string()
    .trim()
    .max(500, 'The claim page’s address must be at most 500 characters.')
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), 'The claim page’s address must start with https://.')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
export type ClaimBody = z.input<typeof claimBodySchema>;

// ── Receiving-wallet changes after the sale (the buyer's side is PUT /api/me/wallet) ─────────────

export const adminWalletChangeSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  previous: z.string().nullable(),
  address: z.string(),
  state: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
  requestedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  note: z.string(),
});
export type AdminWalletChange = z.infer<typeof adminWalletChangeSchema>;

export const walletChangeListSchema = z.object({ changes: z.array(adminWalletChangeSchema) });

export const WALLET_NOTE_REQUIRED = 'Tell the buyer why the change is rejected.';
const note = z
  .string()
  .trim()
  .max(500, 'A note must be at most 500 characters.')
  .refine((v) => !hasControlChars(v), controlCharsMessage('A note'));
export const walletApproveBodySchema = z.strictObject({ note: note.optional() });
export const walletRejectBodySchema = z.strictObject({ note: note.pipe(z.string().min(1, WALLET_NOTE_REQUIRED)) });
export type WalletRejectBody = z.input<typeof walletRejectBodySchema>;

// ── The buyer's Token Hub ─────────────────────────────────────────────────────────────────────────

export const buyerDeliverySchema = z.object({
  distributionId: z.number().int(),
  openedAt: isoDateTime,
  tokens: decimalString,
  /** `tokens` in the token's base units (its decimals): what a claim contract checks. */
  units: z.string(),
  wallet: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  carriedTo: z.number().int().nullable(),
  delivery: z.object({ txHash: z.string(), explorerUrl: z.string().nullable(), recordedAt: isoDateTime }).nullable(),
  /** For a claimable row: where and how to claim, with the buyer's proof against the published root. */
  claim: z
    .object({ contract: z.string(), contractUrl: z.string().nullable(), claimUrl: z.string().nullable(), chainId: z.number().int().nullable(), merkleRoot: z.string(), proof: z.array(z.string()) })
    .nullable(),
});
export type BuyerDelivery = z.infer<typeof buyerDeliverySchema>;

export const myDeliverySchema = z.object({
  token: z.object({ chainId: z.number().int().nullable(), tokenContract: z.string().nullable(), contractUrl: z.string().nullable(), decimals: z.number().int() }),
  /** Newest first. */
  deliveries: z.array(buyerDeliverySchema),
});
export type MyDelivery = z.infer<typeof myDeliverySchema>;

export const distributionEndpoints = {
  'GET /api/admin/distributions': { responses: { 200: deliveryOverviewSchema } },
  'PUT /api/admin/distributions/token': { body: tokenDeliveryBodySchema, responses: { 200: deliveryOverviewSchema } },
  'POST /api/admin/distributions': { body: emptyBodySchema, responses: { 200: deliveryOverviewSchema } },
  'GET /api/admin/distributions/:id': { params: distributionParams, responses: { 200: distributionDetailSchema } },
  'GET /api/admin/distributions/:id/multisend.csv': { params: distributionParams, produces: 'text/csv' },
  'GET /api/admin/distributions/:id/merkle.json': { params: distributionParams, responses: { 200: z.unknown() } },
  'POST /api/admin/distributions/:id/deliveries': { params: distributionParams, body: deliveryBodySchema, responses: { 200: distributionDetailSchema } },
  'POST /api/admin/distributions/:id/deliveries/import': { params: distributionParams, body: deliveryImportBodySchema, responses: { 200: deliveryImportResultSchema } },
  'POST /api/admin/distributions/:id/claim': { params: distributionParams, body: claimBodySchema, responses: { 200: distributionDetailSchema } },
  'GET /api/admin/wallet-changes': { responses: { 200: walletChangeListSchema } },
  'POST /api/admin/wallet-changes/:id/approve': { params: idParams, body: walletApproveBodySchema, responses: { 200: walletChangeListSchema } },
  'POST /api/admin/wallet-changes/:id/reject': { params: idParams, body: walletRejectBodySchema, responses: { 200: walletChangeListSchema } },
  'GET /api/me/delivery': { responses: { 200: myDeliverySchema } },
} satisfies EndpointMap;
