// The referral program (issue 31): each buyer's link, what referred buyers earn their referrer, the
// operator's settings and report. Rewards are ledger entries (src/domain/ledger-kinds.ts).
import { z } from 'zod';
import { decimalString, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

/** A referral code as the link carries it (/r/{code}): ten lower-case hex characters. */
export const REFERRAL_CODE_PATTERN = /^[0-9a-f]{10}$/;
/** How long the browser keeps the code of the first link it opened. */
export const REFERRAL_COOKIE = 'presale_ref';
export const REFERRAL_COOKIE_DAYS = 30;

export const REWARD_OUTCOMES = ['credited', 'reduced', 'flagged'] as const;

const percentField = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} must be a number with at most 2 decimals, such as 5 or 2.5.`)
    .refine((v) => Number(v) <= 100, `${label} must be at most 100.`);

export const referralSettingsBodySchema = z.strictObject({
  enabled: z.boolean(),
  referrerPercent: percentField('Referrer reward'),
  refereePercent: percentField('Referred buyer reward'),
  minUsd: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Minimum purchase must be an amount in USD with at most 2 decimals, such as 50.'),
});
export type ReferralSettingsBody = z.input<typeof referralSettingsBodySchema>;

export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  referrerPercent: decimalString,
  refereePercent: decimalString,
  minUsd: decimalString,
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** One approved order of a referred buyer and what it earned. */
export const referredOrderSchema = z.object({
  approvedAt: isoDateTime,
  tokens: decimalString,
  usdAmount: decimalString,
  reward: decimalString,
  outcome: z.enum(REWARD_OUTCOMES).nullable(),
  note: z.string(),
});

export const myReferralsSchema = z.object({
  settings: referralSettingsSchema,
  /** The buyer's own link is /r/{code}. */
  code: z.string(),
  /** Who referred this buyer (masked e-mail), or null. */
  referredBy: z.string().nullable(),
  /** What the buyer was credited as a referred buyer. */
  ownReward: decimalString,
  /** What the buyer earned from the buyers they referred. */
  earned: decimalString,
  referred: z.array(z.object({ buyer: z.string(), joinedAt: isoDateTime, orders: z.array(referredOrderSchema) })),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

export const adminRewardSchema = z.object({
  orderId: z.string(),
  approvedAt: isoDateTime,
  buyerId: z.number().int(),
  buyer: z.string(),
  referrerId: z.number().int().nullable(),
  referrer: z.string().nullable(),
  orderTokens: decimalString,
  referrerWanted: decimalString,
  referrerTokens: decimalString,
  buyerWanted: decimalString,
  buyerTokens: decimalString,
  outcome: z.enum(REWARD_OUTCOMES),
  note: z.string(),
});
export type AdminReward = z.infer<typeof adminRewardSchema>;

export const adminReferralsSchema = z.object({
  topReferrers: z.array(z.object({ userId: z.number().int(), email: z.string(), referred: z.number().int(), rewardedOrders: z.number().int(), tokens: decimalString })),
  rewards: z.array(adminRewardSchema),
  flagged: z.array(adminRewardSchema),
});
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;

export const referralEndpoints = {
  'GET /api/me/referrals': { responses: { 200: myReferralsSchema } },
  'GET /api/admin/referrals': { responses: { 200: adminReferralsSchema } },
  'GET /api/admin/referrals.csv': { produces: 'text/csv' },
  'GET /api/admin/referrals/settings': { responses: { 200: referralSettingsSchema } },
  'PUT /api/admin/referrals/settings': { body: referralSettingsBodySchema, responses: { 200: referralSettingsSchema } },
} satisfies EndpointMap;
