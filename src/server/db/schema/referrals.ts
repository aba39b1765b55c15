// Referral rewards (issue 31, decision 031).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CAMPAIGN_OUTCOMES } from '../../../domain/campaign-outcomes';
import { amount, instant } from './columns';
import { users } from './accounts';
import { campaignCodes } from './campaigns';
import { orders } from './orders';
import { saleStages } from './sale';

/** The referral program's settings: one row (id = 1) an operator edits on the Sale page. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    /** Of an approved order's tokens, what its buyer's referrer is credited, and what the buyer is. */
    referrerPercent: numeric('referrer_percent', { precision: 5, scale: 2 }).notNull().default('5'),
    refereePercent: numeric('referee_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** An order below this (USD at approval) earns no reward. */
    minUsd: numeric('min_usd', { precision: 30, scale: 2 }).notNull().default('0'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('referral_settings_single_row', sql`${t.id} = 1`),
    check('referral_settings_percents', sql`${t.referrerPercent} between 0 and 100 and ${t.refereePercent} between 0 and 100`),
    check('referral_settings_min_usd', sql`${t.minUsd} >= 0`),
  ],
);

/**
 * What an approved order earned its buyer's referrer, once per order: the
 * tokens asked for by the percentages, those credited (less when the stage had no room for them:
 * `reduced`), or none and why (`flagged`: the buyer's own order, or accounts sharing the registering
 * address and the receiving wallet). The ledger holds the credits; this row says where they came from.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    referrerId: integer('referrer_id').references(() => users.id),
    stageId: integer('stage_id').references(() => saleStages.id),
    referrerWanted: amount('referrer_wanted').notNull().default('0'),
    referrerTokens: amount('referrer_tokens').notNull().default('0'),
    buyerWanted: amount('buyer_wanted').notNull().default('0'),
    buyerTokens: amount('buyer_tokens').notNull().default('0'),
    outcome: text('outcome', { enum: ['credited', 'reduced', 'flagged'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_order_key').on(t.orderId),
    index('referral_rewards_referrer_idx').on(t.referrerId),
    check('referral_rewards_outcome', sql`${t.outcome} in ('credited', 'reduced', 'flagged')`),
  ],
);

/**
 * What an approved order made with a campaign code was paid under it, once per order (decision 031):
 * the bonus and referrer reward the code's percentages asked for, those credited (less when the stage
 * had no room: `reduced`), or none because the code's usage limit was reached by other approvals
 * first (`not_paid`), with a note saying so to the buyer and the operator.
 */
export const campaignRewards = pgTable(
  'campaign_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    codeId: integer('code_id')
      .notNull()
      .references(() => campaignCodes.id),
    /** The stage the rewards came out of (the current one at approval): a withdrawal gives them back there. Null before migration 0038. */
    stageId: integer('stage_id').references(() => saleStages.id),
    buyerWanted: amount('buyer_wanted').notNull().default('0'),
    buyerTokens: amount('buyer_tokens').notNull().default('0'),
    referrerWanted: amount('referrer_wanted').notNull().default('0'),
    referrerTokens: amount('referrer_tokens').notNull().default('0'),
    outcome: text('outcome', { enum: CAMPAIGN_OUTCOMES }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_rewards_order_key').on(t.orderId), check('campaign_rewards_outcome', sql`${t.outcome} in ('credited', 'reduced', 'not_paid')`)],
);
