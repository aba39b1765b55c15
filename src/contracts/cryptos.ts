// GET /api/cryptos: the cryptocurrencies a buyer can pay with (enabled and with a wallet address);
// /api/admin/cryptos: the operator's list of cryptos and the forms that add, change and remove them.
import { z } from 'zod';
import { addressProblem } from '@/domain/addresses';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { RATE_SOURCES } from '@/domain/rate-sources';
import { controlCharsMessage, decimalString, emptyBodySchema, hasControlChars, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';
import { networkSchema } from './networks';

export type { Network } from './networks';

/** What names a currency and where it is paid: the same for buyers and operators (and on each order). */
export const cryptoIdentity = {
  code: z.string(),
  name: z.string(),
  network: networkSchema,
  chainId: z.number().int().nullable(),
  tokenContract: z.string().nullable(),
  decimals: z.number().int().nullable(),
};

export const publicCryptoSchema = z.object({
  ...cryptoIdentity,
  /** Tokens per 1 unit of this crypto at the price of the stage the sale was last recorded in. */
  rate: decimalString,
  /** The crypto's price in USD: each stage's rate is this ÷ the stage's price (a quote across stages needs it). */
  usdPrice: decimalString,
  rateUpdatedAt: isoDateTime.nullable(),
  address: z.string(),
  iconUrl: z.string(),
});
export type PublicCrypto = z.infer<typeof publicCryptoSchema>;

export const publicCryptosSchema = z.object({ cryptos: z.array(publicCryptoSchema) });

export const cryptoEndpoints = {
  'GET /api/cryptos': { responses: { 200: publicCryptosSchema } },
} satisfies EndpointMap;

// ── The operator's cryptos (PRODUCT.md §5) ────────────────────────────────────────────────────

/** A positive decimal with at most `dp` decimals, as typed by the operator. */
export const positiveDecimal = (message: string, dp = 6) =>
  z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, message)
    .refine((v) => !/^0+(\.0+)?$/.test(v), message)
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= dp, `At most ${dp} decimals.`)
    .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 24, 'The number is too large.');

export const RATE_MESSAGE = 'Rate must be a positive number.';
export const USD_PRICE_MESSAGE = 'USD price must be a positive number.';
export const PRICE_MISSING_MESSAGE = 'Give the USD price of one unit (or a rate in tokens).';
export const PRICE_TWICE_MESSAGE = 'Give either the USD price or a rate in tokens, not both.';

const cryptoFields = {
  fullName: z
    .string()
    .trim()
    .min(2, 'Full name must be at least 2 characters.')
    .max(60, 'Full name must be at most 60 characters.')
    .refine((v) => !hasControlChars(v), controlCharsMessage('Full name')),
  network: networkSchema,
  chainId: z.number().int('Chain id must be a whole number.').positive('Chain id must be positive.').max(2_147_483_647).nullable().default(null),
  tokenContract: z.string().trim().max(128).nullable().default(null),
  decimals: z.number().int().min(0, 'Decimals must be between 0 and 36.').max(36, 'Decimals must be between 0 and 36.').nullable().default(null),
  priceFeedId: z
    .string()
    .trim()
    .max(100, 'Price feed id must be at most 100 characters.')
    .regex(/^[a-z0-9-]*$/, 'Price feed id may contain only lower-case letters, digits and dashes.')
    .default(''),
  rateSource: z.enum(RATE_SOURCES).default('manual'),
  /** What one unit is worth in USD; the rate in tokens is derived from it and the token price. */
  usdPrice: positiveDecimal(USD_PRICE_MESSAGE, 12).optional(),
  /** Tokens per 1 unit, instead of usdPrice: saved as the USD price it gives at the current token price. */
  rate: positiveDecimal(RATE_MESSAGE).optional(),
  address: z.string().trim().max(128, 'Address must be at most 128 characters.').default(''),
  enabled: z.boolean().default(true),
};

type CryptoFieldsOut = z.output<z.ZodObject<typeof cryptoFields>>;

/** Cross-field rules: an address valid for the network, a chain id for EVM, token details together. */
function checkCrypto(v: CryptoFieldsOut, ctx: z.RefinementCtx) {
  if (v.address !== '') {
    const problem = addressProblem(v.network, v.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  }
  if (v.network === 'evm' && v.chainId === null) ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'EVM networks need a chain id (1 for Ethereum).' });
  if (v.network !== 'evm' && v.chainId !== null) ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'Only EVM networks have a chain id.' });
  if (v.tokenContract) {
    // A contract mistyped would never match a payment: EVM's and TRON's carry their own checksums.
    if (v.network === 'evm' || v.network === 'tron') {
      const problem = addressProblem(v.network, v.tokenContract);
      if (problem) ctx.addIssue({ code: 'custom', path: ['tokenContract'], message: `Token contract: ${problem}` });
    }
    if (v.decimals === null) ctx.addIssue({ code: 'custom', path: ['decimals'], message: 'Tokens need their number of decimals.' });
  }
  if (v.usdPrice === undefined && v.rate === undefined) ctx.addIssue({ code: 'custom', path: ['usdPrice'], message: PRICE_MISSING_MESSAGE });
  if (v.usdPrice !== undefined && v.rate !== undefined) ctx.addIssue({ code: 'custom', path: ['rate'], message: PRICE_TWICE_MESSAGE });
  if (v.rateSource === 'feed' && v.priceFeedId === '') ctx.addIssue({ code: 'custom', path: ['priceFeedId'], message: 'Feed rates need a price feed id.' });
}

export const createCryptoBodySchema = z
  .strictObject({
    currency: z
      .string()
      .trim()
      .min(2, 'Currency must be at least 2 characters.')
      .max(12, 'Currency must be at most 12 characters.')
      .regex(/^[A-Za-z0-9]+$/, 'Currency may contain only letters and digits.')
      .transform((v) => v.toUpperCase()),
    ...cryptoFields,
  })
  .superRefine(checkCrypto);
export type CreateCryptoBody = z.input<typeof createCryptoBodySchema>;

export const updateCryptoBodySchema = z.strictObject(cryptoFields).superRefine(checkCrypto);
export type UpdateCryptoBody = z.input<typeof updateCryptoBodySchema>;

export const adminCryptoSchema = z.object({
  ...cryptoIdentity,
  priceFeedId: z.string(),
  rateSource: z.enum(RATE_SOURCES),
  rate: decimalString.nullable(),
  usdPrice: decimalString.nullable(),
  /** After a save that took a rate in tokens: the USD price it was saved as, and at which token price. */
  priceNote: z.string().optional(),
  rateUpdatedAt: isoDateTime.nullable(),
  /** A feed rate older than RATE_MAX_AGE_MINUTES (or never fetched): buying with it is refused. */
  stale: z.boolean(),
  address: z.string(),
  enabled: z.boolean(),
  /** Enabled, with an address and a rate: shown to buyers. */
  offered: z.boolean(),
  iconUrl: z.string(),
});
export type AdminCrypto = z.infer<typeof adminCryptoSchema>;
export const adminCryptosSchema = z.object({ cryptos: z.array(adminCryptoSchema) });

export const cryptoCodeParams = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'Unknown currency code.') });

export const deleteCryptoResultSchema = z.object({ outcome: z.enum(['deleted', 'disabled']), message: z.string() });

export const evmWalletBodySchema = z
  .strictObject({ address: z.string().trim().min(1, 'Address is required.').max(128) })
  .superRefine((v, ctx) => {
    const problem = addressProblem('evm', v.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
export const evmWalletResultSchema = z.object({ updated: z.array(z.string()), message: z.string() });

export const refreshResultSchema = z.object({
  updated: z.array(z.string()),
  /** Feed cryptos the price API had no price for: left unchanged. */
  missing: z.array(z.string()),
  message: z.string(),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const adminCryptoEndpoints = {
  'GET /api/admin/cryptos': { responses: { 200: adminCryptosSchema } },
  'POST /api/admin/cryptos': { body: createCryptoBodySchema, responses: { 201: adminCryptoSchema } },
  'PUT /api/admin/cryptos/:code': { params: cryptoCodeParams, body: updateCryptoBodySchema, responses: { 200: adminCryptoSchema } },
  'DELETE /api/admin/cryptos/:code': { params: cryptoCodeParams, responses: { 200: deleteCryptoResultSchema } },
  'POST /api/admin/cryptos/evm-wallet': { body: evmWalletBodySchema, responses: { 200: evmWalletResultSchema } },
  'POST /api/admin/cryptos/refresh-rates': { body: emptyBodySchema, responses: { 200: refreshResultSchema } },
} satisfies EndpointMap;
