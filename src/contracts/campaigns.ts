// Campaign codes (issue 31): an operator's code that gives its buyers a bonus and, optionally, a
// referrer account a reward, both ledger entries at approval (decision 031).
import { z } from 'zod';
import { CAMPAIGN_CODE_MESSAGE, CAMPAIGN_CODE_PATTERN } from '@/domain/campaign-code';
import { decimalString, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';


/** A code as a buyer types it: trimmed; empty means none. */
export const campaignCodeField = z
  .string()
  .trim()
  .regex(/^([A-Za-z0-9_-]{3,32})?$/, CAMPAIGN_CODE_MESSAGE);

const percentField = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} must be a number with at most 2 decimals, such as 5 or 2.5.`)
    .refine((v) => Number(v) <= 100, `${label} must be at most 100.`);

export const campaignCodeBodySchema = z
  .strictObject({
    code: z.string().trim().regex(CAMPAIGN_CODE_PATTERN, CAMPAIGN_CODE_MESSAGE),
    buyerPercent: percentField('Buyer bonus'),
    referrerPercent: percentField('Referrer reward'),
    /** The account the referrer reward goes to, by e-mail; empty for none. */
    referrerEmail: z.string().trim().max(254, 'Enter an e-mail address.'),
    /** Approved orders the code may reward; empty for no limit. */
    usageLimit: z
      .string()
      .trim()
      .regex(/^([1-9]\d{0,8})?$/, 'Usage limit must be a whole number of at least 1, or empty for no limit.'),
    endsAt: z.iso.datetime({ offset: true, message: 'Enter when the code ends.' }),
  })
  .superRefine((v, ctx) => {
    if (Number(v.referrerPercent) > 0 && v.referrerEmail === '') ctx.addIssue({ code: 'custom', path: ['referrerEmail'], message: 'Enter the e-mail of the account the referrer reward goes to.' });
    if (v.referrerEmail !== '' && Number(v.referrerPercent) === 0) ctx.addIssue({ code: 'custom', path: ['referrerPercent'], message: 'Enter the referrer reward, or leave the referrer e-mail empty.' });
  });
export type CampaignCodeBody = z.input<typeof campaignCodeBodySchema>;

export const adminCampaignCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  buyerPercent: decimalString,
  referrerPercent: decimalString,
  referrer: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  endsAt: isoDateTime,
  /** Approved orders the code rewarded, and the tokens it gave buyers and its referrer. */
  uses: z.number().int(),
  buyerTokens: decimalString,
  referrerTokens: decimalString,
  createdAt: isoDateTime,
});
export type AdminCampaignCode = z.infer<typeof adminCampaignCodeSchema>;

export const campaignCodeListSchema = z.object({ codes: z.array(adminCampaignCodeSchema) });

/** What a buyer's quote needs of a code they entered that can still be used. */
export const campaignOfferSchema = z.object({ code: z.string(), buyerPercent: decimalString });
export type CampaignOffer = z.infer<typeof campaignOfferSchema>;

export const campaignCodeParams = z.strictObject({ code: z.string().regex(CAMPAIGN_CODE_PATTERN, CAMPAIGN_CODE_MESSAGE) });

export const campaignEndpoints = {
  'GET /api/campaign-codes/:code': { params: campaignCodeParams, responses: { 200: campaignOfferSchema } },
  'GET /api/admin/campaign-codes': { responses: { 200: campaignCodeListSchema } },
  'POST /api/admin/campaign-codes': { body: campaignCodeBodySchema, responses: { 201: adminCampaignCodeSchema } },
} satisfies EndpointMap;
