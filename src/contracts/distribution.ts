// Token delivery (issue 19): the token's chain, contract and decimals, and distributions that freeze
// the buyers' balances with their wallets, for a multisend (CSV) or a claim contract (Merkle proofs).
import { z } from 'zod';
import { decimalString, emptyBodySchema, idParams, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const tokenDeliveryBodySchema = z.strictObject({
  chainId: z.number('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').int('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').positive('A chain id is a whole number such as 1 (Ethereum) or 56 (BNB Smart Chain).').max(2_147_483_647).nullable(),
  /** The token's contract once deployed; checked for its EIP-55 checksum by the server. */
  tokenContract: z.string().trim().max(100, 'A contract address is 0x followed by 40 hex digits.').nullable(),
  decimals: z.number('Decimals are a whole number from 6 to 36.').int('Decimals are a whole number from 6 to 36.').min(6, 'Balances have 6 decimals: the token needs at least 6.').max(36, 'Decimals are a whole number from 6 to 36.'),
});
export type TokenDeliveryBody = z.input<typeof tokenDeliveryBodySchema>;

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
  totalTokens: decimalString,
  /** Of the buyers with a wallet: what the CSV and the Merkle tree carry. */
  deliverableTokens: decimalString,
});
export type Distribution = z.infer<typeof distributionSchema>;

export const distributionRowSchema = z.object({ userId: z.number().int(), email: z.string(), wallet: z.string().nullable(), tokens: decimalString, units: z.string() });

export const deliveryOverviewSchema = z.object({
  token: z.object({ chainId: z.number().int().nullable(), tokenContract: z.string().nullable(), decimals: z.number().int() }),
  /** A distribution can be opened once the sale has ended or sold out. */
  saleOver: z.boolean(),
  /** Tokens credited since the last distribution (or ever), not yet in any. */
  undistributedTokens: decimalString,
  distributions: z.array(distributionSchema),
});
export type DeliveryOverview = z.infer<typeof deliveryOverviewSchema>;

export const distributionDetailSchema = z.object({ distribution: distributionSchema, rows: z.array(distributionRowSchema) });

export const distributionParams = idParams;

export const distributionEndpoints = {
  'GET /api/admin/distributions': { responses: { 200: deliveryOverviewSchema } },
  'PUT /api/admin/distributions/token': { body: tokenDeliveryBodySchema, responses: { 200: deliveryOverviewSchema } },
  'POST /api/admin/distributions': { body: emptyBodySchema, responses: { 200: deliveryOverviewSchema } },
  'GET /api/admin/distributions/:id': { params: distributionParams, responses: { 200: distributionDetailSchema } },
  'GET /api/admin/distributions/:id/multisend.csv': { params: distributionParams, produces: 'text/csv' },
  'GET /api/admin/distributions/:id/merkle.json': { params: distributionParams, responses: { 200: z.unknown() } },
} satisfies EndpointMap;
