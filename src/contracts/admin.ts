// Operator back-office API (PRODUCT.md §5, §7): one schema serves each form and its route.
import { z } from 'zod';
import { addressProblem } from '@/domain/addresses';
import { dec } from '@/domain/decimal';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { ORDER_EXPIRY_MAX, ORDER_EXPIRY_UNITS } from '@/domain/order-expiry';
import { RATE_SOURCES } from '@/domain/rate-sources';
import {
  controlCharsMessage,
  decimalString,
  emptyBodySchema,
  hasControlChars,
  hasStrayControlChars,
  isoDateTime,
  okSchema,
  secondFactorCode,
  strayControlCharsMessage,
} from './common';
import { networkSchema } from './cryptos';
import type { EndpointMap } from './endpoint';
import { ROLES } from './permissions';

export const operatorLoginBodySchema = z.strictObject({
  login: z.string().trim().min(1, 'Login is required.').max(100, 'Login must be at most 100 characters.'),
  password: z.string().min(1, 'Password is required.').max(200, 'Password must be at most 200 characters.'),
  /** When two-factor sign-in is on: a code from the app, or a recovery code. */
  code: z.union([z.literal(''), secondFactorCode]).optional(),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

/** The signed-in operator: who they are and what their role lets them do (contracts/permissions.ts). */
export const operatorSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  role: z.enum(ROLES),
  /** Signed in with a generated one-time password: only choosing a new one is open until then. */
  mustChangePassword: z.boolean(),
  /** The sale requires two-factor sign-in and this operator has not turned it on: only enrolment is open. */
  mustEnrolSecondFactor: z.boolean(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const PASSWORDS_DIFFER = 'Passwords do not match.';

export const operatorPasswordBodySchema = z
  .strictObject({
    login: z.string().trim().min(2, 'Admin name must be at least 2 characters.').max(100, 'Admin name must be at most 100 characters.'),
    oldPassword: z.string().min(4, 'Old password must be at least 4 characters.').max(200),
    newPassword: z.string().min(8, 'New password must be at least 8 characters.').max(200, 'New password must be at most 200 characters.'),
    confirmNewPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { message: PASSWORDS_DIFFER, path: ['confirmNewPassword'] });
export type OperatorPasswordBody = z.input<typeof operatorPasswordBodySchema>;

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
    if (v.network === 'evm') {
      const problem = addressProblem('evm', v.tokenContract);
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
  code: z.string(),
  name: z.string(),
  network: networkSchema,
  chainId: z.number().int().nullable(),
  tokenContract: z.string().nullable(),
  decimals: z.number().int().nullable(),
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

export const INVALID_NUMBER = 'Invalid number format';
export const mainCurrencyBodySchema = z.strictObject({
  priceUsd: z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, INVALID_NUMBER)
    .refine((v) => !/^0+(\.0+)?$/.test(v), 'Price must be greater than zero.')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= 8, 'At most 8 decimals.')
    .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 20, 'The number is too large.'),
});
export const mainCurrencySchema = z.object({ priceUsd: decimalString });

const wholeTokens = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, `${label} must be a positive number with at most 6 decimals.`)
    .refine((v) => !/^0+(\.0+)?$/.test(v), `${label} must be greater than zero.`)
    .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 30, `${label} is too large.`);

export const saleSettingsBodySchema = z
  .strictObject({
    tokenName: z
      .string()
      .trim()
      .min(2, 'Token name must be at least 2 characters.')
      .max(60, 'Token name must be at most 60 characters.')
      .refine((v) => !hasControlChars(v), controlCharsMessage('Token name')),
    tokenSymbol: z
      .string()
      .trim()
      .min(2, 'Symbol must be at least 2 characters.')
      .max(12, 'Symbol must be at most 12 characters.')
      .regex(/^[A-Za-z0-9]+$/, 'Symbol may contain only letters and digits.')
      .transform((v) => v.toUpperCase()),
    totalSupply: wholeTokens('Total supply'),
    softCap: wholeTokens('Soft cap'),
    hardCap: wholeTokens('Hard cap'),
    startsAt: z.iso.datetime({ offset: true, message: 'Enter a valid start time.' }),
    endsAt: z.iso.datetime({ offset: true, message: 'Enter a valid end time.' }),
    /**
     * In the server's order-expiry unit (minutes, or seconds on a test server): the server holds it to its
     * shortest window and to 7 days, naming them at this field; here only what no server accepts is refused.
     */
    orderExpiryMinutes: z
      .number('Enter a whole number.')
      .int('Order expiry must be a whole number.')
      .max(ORDER_EXPIRY_MAX.seconds, 'Order expiry must be at most 7 days.'),
    /** Left out, the current limit stays. */
    maxPendingOrders: z
      .number('Enter a whole number from 1 to 20.')
      .int('Enter a whole number from 1 to 20.')
      .min(1, 'A buyer must be allowed at least 1 pending order.')
      .max(20, 'At most 20 pending orders per buyer.')
      .optional(),
    /** Buyers must verify their e-mail address before ordering; left out, the current choice stays. */
    requireVerifiedEmail: z.boolean('Choose whether buyers must verify their e-mail address.').optional(),
    listingAt: z.iso.datetime({ offset: true, message: 'Enter a valid listing date.' }).nullable(),
    deliveryNote: z
      .string()
      .trim()
      .max(2000, 'Delivery note must be at most 2000 characters.')
      .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage('Delivery note')),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    // A field that failed its own rules already has its message; comparing it would throw in big.js.
    const valid = (x: string) => DECIMAL_PATTERN.test(x);
    if (valid(v.softCap) && valid(v.hardCap) && dec(v.softCap).gt(v.hardCap)) ctx.addIssue({ code: 'custom', path: ['softCap'], message: 'Soft cap must not exceed the hard cap.' });
    if (valid(v.hardCap) && valid(v.totalSupply) && dec(v.hardCap).gt(v.totalSupply)) ctx.addIssue({ code: 'custom', path: ['hardCap'], message: 'Hard cap must not exceed the total supply.' });
  });
export type SaleSettingsBody = z.input<typeof saleSettingsBodySchema>;

export const saleSettingsSchema = z.object({
  tokenName: z.string(),
  tokenSymbol: z.string(),
  priceUsd: decimalString,
  totalSupply: decimalString,
  softCap: decimalString,
  hardCap: decimalString,
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  orderExpiryMinutes: z.number().int(),
  /** What orderExpiryMinutes counts: minutes, or seconds on a test server (ORDER_EXPIRY_UNIT). */
  orderExpiryUnit: z.enum(ORDER_EXPIRY_UNITS),
  maxPendingOrders: z.number().int(),
  requireVerifiedEmail: z.boolean(),
  listingAt: isoDateTime.nullable(),
  deliveryNote: z.string(),
  /** False on a fresh install until an operator saves these settings: the sale opens only then. */
  scheduled: z.boolean(),
  updatedAt: isoDateTime,
});
export type SaleSettings = z.infer<typeof saleSettingsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  /** The operator's role when they made the change; null for the server's own and for older entries. */
  role: z.enum(ROLES).nullable(),
  action: z.string(),
  entity: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoDateTime,
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every kind of change in the log (such as sale.updated), for the filter. */
  actions: z.array(z.string()),
  /** Everyone who made a change in the log (operators by login, and Automatic), for the filter. */
  operators: z.array(z.string()),
});
export const auditQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    /** Only entries of this kind, such as order.approve. */
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9_.-]*$/, 'Unknown kind of change.')
      .optional(),
    /** Only entries by this operator (their login, or Automatic). */
    operator: z.string().trim().max(100).optional(),
    /** Entries at or after this instant. */
    from: z.iso.datetime({ offset: true, message: 'Enter a valid start date.' }).optional(),
    /** Entries before this instant. */
    to: z.iso.datetime({ offset: true, message: 'Enter a valid end date.' }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'The end date must be after the start date.', path: ['to'] });

/** GET /api/admin/setup: what the sale still needs before buyers can pay, from the database. */
export const setupItemKeySchema = z.enum(['price', 'dates', 'crypto', 'addresses', 'password']);
export type SetupItemKey = z.infer<typeof setupItemKeySchema>;
export const setupSchema = z.object({
  complete: z.boolean(),
  items: z.array(z.object({ key: setupItemKeySchema, done: z.boolean(), title: z.string(), detail: z.string() })),
});
export type Setup = z.infer<typeof setupSchema>;

export const operatorEndpoints = {
  'POST /api/admin/auth/login': { body: operatorLoginBodySchema, responses: { 200: operatorSchema } },
  'POST /api/admin/auth/logout': { body: emptyBodySchema, responses: { 200: okSchema } },
  'GET /api/admin/me': { responses: { 200: operatorSchema } },
  'PUT /api/admin/password': { body: operatorPasswordBodySchema, responses: { 200: okSchema } },
} satisfies EndpointMap;

export const adminCryptoEndpoints = {
  'GET /api/admin/cryptos': { responses: { 200: adminCryptosSchema } },
  'POST /api/admin/cryptos': { body: createCryptoBodySchema, responses: { 201: adminCryptoSchema } },
  'PUT /api/admin/cryptos/:code': { params: cryptoCodeParams, body: updateCryptoBodySchema, responses: { 200: adminCryptoSchema } },
  'DELETE /api/admin/cryptos/:code': { params: cryptoCodeParams, responses: { 200: deleteCryptoResultSchema } },
  'POST /api/admin/cryptos/evm-wallet': { body: evmWalletBodySchema, responses: { 200: evmWalletResultSchema } },
  'POST /api/admin/cryptos/refresh-rates': { body: emptyBodySchema, responses: { 200: refreshResultSchema } },
} satisfies EndpointMap;

export const saleAdminEndpoints = {
  'GET /api/admin/sale': { responses: { 200: saleSettingsSchema } },
  'PUT /api/admin/sale': { body: saleSettingsBodySchema, responses: { 200: saleSettingsSchema } },
  'PUT /api/admin/main-currency': { body: mainCurrencyBodySchema, responses: { 200: mainCurrencySchema } },
} satisfies EndpointMap;

export const auditEndpoints = {
  'GET /api/admin/audit': { query: auditQuerySchema, responses: { 200: auditPageSchema } },
} satisfies EndpointMap;

export const setupEndpoints = {
  'GET /api/admin/setup': { responses: { 200: setupSchema } },
} satisfies EndpointMap;

/** A consistent snapshot of the embedded database while the server runs (README, Backups). */
export const backupEndpoints = {
  'GET /api/admin/backup': { produces: 'application/gzip' },
} satisfies EndpointMap;
