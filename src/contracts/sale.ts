// GET /api/sale: the sale's settings and its figures, computed from approved orders; /api/admin/sale and
// /api/admin/main-currency: the operator's form for those settings and the token price.
import { z } from 'zod';
import { dec } from '@/domain/decimal';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { ORDER_EXPIRY_MAX, ORDER_EXPIRY_UNITS } from '@/domain/order-expiry';
import { SALE_STATES } from '@/domain/sale';
import { MAX_STAGES, STAGE_CLOSE_REASONS, UNSOLD_STAGE_TOKENS } from '@/domain/stages';
import { controlCharsMessage, decimalString, hasControlChars, idParams, hasStrayControlChars, isoDateTime, strayControlCharsMessage } from './common';
import type { EndpointMap } from './endpoint';

export const saleStateSchema = z.enum(SALE_STATES);
export type { SaleState } from '@/domain/sale';

export const levelSchema = z.object({ name: z.string(), threshold: decimalString, bonusPercent: decimalString });

export const STAGE_STATES = ['closed', 'current', 'upcoming'] as const;
export type StageState = (typeof STAGE_STATES)[number];

/** A stage as buyers see it (PRODUCT.md §3): every figure from the database or the operator's instants. */
export const publicStageSchema = z.object({
  /** 1-based, in sale order. */
  number: z.number().int(),
  name: z.string(),
  priceUsd: decimalString,
  /** The operator's allocation. */
  allocation: decimalString,
  /** What the stage may sell: its allocation plus tokens rolled in from closed stages, less those it passed on. */
  capacity: decimalString,
  /** Tokens of approved orders priced in this stage: purchases only, as /transparency's tokens sold. */
  tokensSold: decimalString,
  /** Referral and campaign reward tokens paid out of this stage (decision 031): not sold, but taken from its capacity. */
  rewardTokens: decimalString,
  /** What the stage can still take: its capacity less pending and approved orders and rewards; 0 once closed. */
  tokensLeft: decimalString,
  endsAt: isoDateTime.nullable(),
  /** When the stage opened (the sale's start, or the stage before it closing); null while upcoming. */
  openedAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  /** Why it closed: sold out, its end came, or an operator ended it early. */
  closeReason: z.enum(STAGE_CLOSE_REASONS).nullable(),
  state: z.enum(STAGE_STATES),
});
export type PublicStage = z.infer<typeof publicStageSchema>;

export const saleSchema = z.object({
  token: z.object({ name: z.string(), symbol: z.string() }),
  priceUsd: decimalString,
  totalSupply: decimalString,
  softCap: decimalString,
  hardCap: decimalString,
  /** Null while the sale is unscheduled (no operator has saved its schedule yet): there is nothing to count down to. */
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  listingAt: isoDateTime.nullable(),
  /** Minutes, or seconds on a test server that counts the window in seconds (ORDER_EXPIRY_UNIT). */
  orderExpiryMinutes: z.number().int(),
  deliveryNote: z.string(),
  state: saleStateSchema,
  /** False until an operator saves the schedule: the sale is `upcoming` and takes no orders (PRODUCT.md §6). */
  scheduled: z.boolean(),
  /** Tokens sold ÷ hard cap, percent with 2 decimals. */
  progressPercent: decimalString,
  tokensSold: decimalString,
  raisedUsd: decimalString,
  buyers: z.number().int(),
  limits: z.object({ minTokens: decimalString, maxTokens: decimalString }),
  levels: z.array(levelSchema),
  /** The stages in sale order (one for a sale without rounds). */
  stages: z.array(publicStageSchema),
  /** The number of the stage on sale now; null when none is (upcoming, over). */
  currentStage: z.number().int().nullable(),
  /** What a closed stage's unsold tokens do (a quote preview passes them on as the server will). */
  unsoldStageTokens: z.enum(UNSOLD_STAGE_TOKENS),
  /** The server's clock when the figures were computed, so countdowns do not trust the visitor's clock. */
  serverTime: isoDateTime,
});
export type Sale = z.infer<typeof saleSchema>;

export const saleEndpoints = {
  'GET /api/sale': { responses: { 200: saleSchema } },
} satisfies EndpointMap;

// ── The operator's sale settings (PRODUCT.md §5) ──────────────────────────────────────────────

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
    if (valid(v.softCap) && valid(v.totalSupply) && dec(v.softCap).gt(v.totalSupply)) ctx.addIssue({ code: 'custom', path: ['softCap'], message: 'Soft cap must not exceed the total supply.' });
  });
export type SaleSettingsBody = z.input<typeof saleSettingsBodySchema>;

/**
 * The operator's settings as a body to send back unchanged: without what the server decides or what
 * has its own route (the token price and the stages, whose allocations make the hard cap; the expiry
 * unit; whether the sale was scheduled; the time of change).
 */
export function saleSettingsBodyOf(settings: SaleSettings): SaleSettingsBody {
  const { priceUsd: _price, hardCap: _cap, stages: _stages, unsoldStageTokens: _unsold, orderExpiryUnit: _unit, scheduled: _scheduled, updatedAt: _updated, ...body } = settings;
  return body;
}

// ── Stages (issue 30): their own route, with step-up, since they set what buyers pay ─────────────

const stagePrice = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, 'Enter the price in USD, such as 0.0105.')
  .refine((v) => !/^0+(\.0+)?$/.test(v), 'Price must be greater than zero.')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 8, 'At most 8 decimals.')
  .refine((v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= 20, 'The number is too large.');

export const stageBodySchema = z.strictObject({
  /** The stage being edited; left out for a new stage. */
  id: z.number().int().positive().optional(),
  name: z
    .string()
    .trim()
    .min(1, 'Give the stage a name.')
    .max(40, 'Stage name must be at most 40 characters.')
    .refine((v) => !hasControlChars(v), controlCharsMessage('Stage name')),
  priceUsd: stagePrice,
  allocation: wholeTokens('Allocation'),
  endsAt: z.iso.datetime({ offset: true, message: 'Enter a valid end time.' }).nullable(),
});

export const stagesBodySchema = z
  .strictObject({
    stages: z.array(stageBodySchema).min(1, 'A sale needs at least one stage.').max(MAX_STAGES, `A sale has at most ${MAX_STAGES} stages.`),
    unsoldStageTokens: z.enum(UNSOLD_STAGE_TOKENS, 'Choose what happens to tokens a closed stage did not sell.'),
  })
  .superRefine((v, ctx) => {
    let lastEnd: { at: number; index: number } | undefined;
    v.stages.forEach((stage, i) => {
      if (stage.endsAt === null) return;
      const at = Date.parse(stage.endsAt);
      if (lastEnd && at <= lastEnd.at) ctx.addIssue({ code: 'custom', path: ['stages', i, 'endsAt'], message: `Stage ${i + 1} must end after stage ${lastEnd.index + 1}.` });
      lastEnd = { at, index: i };
    });
  });
export type StagesBody = z.input<typeof stagesBodySchema>;

/** A stage as the operator's Stages section shows it. */
export const adminStageSchema = publicStageSchema.extend({
  id: z.number().int(),
  /** Tokens of pending and approved orders priced in it. */
  tokensCommitted: decimalString,
  /** Whether orders were priced in it: its price is fixed and its allocation cannot go below what they hold. */
  hasSales: z.boolean(),
});
export type AdminStage = z.infer<typeof adminStageSchema>;

export const stagesSchema = z.object({
  stages: z.array(adminStageSchema),
  unsoldStageTokens: z.enum(UNSOLD_STAGE_TOKENS),
  /** The sum of the allocations. */
  hardCap: decimalString,
});
export type Stages = z.infer<typeof stagesSchema>;

export const endStageParams = idParams;

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
  /** The stages and what their unsold tokens do: saved through PUT /api/admin/sale/stages. */
  stages: z.array(adminStageSchema),
  unsoldStageTokens: z.enum(UNSOLD_STAGE_TOKENS),
  updatedAt: isoDateTime,
});
export type SaleSettings = z.infer<typeof saleSettingsSchema>;

export const saleAdminEndpoints = {
  'GET /api/admin/sale': { responses: { 200: saleSettingsSchema } },
  'PUT /api/admin/sale': { body: saleSettingsBodySchema, responses: { 200: saleSettingsSchema } },
  'PUT /api/admin/main-currency': { body: mainCurrencyBodySchema, responses: { 200: mainCurrencySchema } },
  'PUT /api/admin/sale/stages': { body: stagesBodySchema, responses: { 200: stagesSchema } },
  'POST /api/admin/sale/stages/:id/end': { params: endStageParams, responses: { 200: stagesSchema } },
} satisfies EndpointMap;
