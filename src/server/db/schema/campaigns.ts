// Campaign codes (issue 31): a code an operator hands out (e.g. to a partner) that gives its buyers a
// bonus and, optionally, a referrer account a reward, out of the sale's allocation (decision 031).
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, instant } from './columns';
import { users } from './accounts';

/**
 * A campaign code. Its percentages and referrer never change after creation, so the bonus a quote
 * showed is the one the approval credits; `uses` and the token sums grow at each approval that paid
 * under the code, counted under this row's lock (so `usage_limit` holds however many approve at once).
 */
export const campaignCodes = pgTable(
  'campaign_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** As typed by the operator, upper-cased; buyers may type it in any case. */
    code: text('code').notNull(),
    buyerPercent: numeric('buyer_percent', { precision: 5, scale: 2 }).notNull(),
    referrerPercent: numeric('referrer_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    referrerId: integer('referrer_id').references(() => users.id),
    /** Approved orders the code may reward; null: no limit. */
    usageLimit: integer('usage_limit'),
    endsAt: instant('ends_at').notNull(),
    uses: integer('uses').notNull().default(0),
    buyerTokens: amount('buyer_tokens').notNull().default('0'),
    referrerTokens: amount('referrer_tokens').notNull().default('0'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_codes_code_key').on(t.code),
    check('campaign_codes_percents', sql`${t.buyerPercent} between 0 and 100 and ${t.referrerPercent} between 0 and 100`),
    check('campaign_codes_limit', sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check('campaign_codes_uses', sql`${t.usageLimit} is null or ${t.uses} <= ${t.usageLimit}`),
  ],
);
