// The sale's settings: one row the operator edits, with the running totals a trigger keeps.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { STAGE_CLOSE_REASONS, UNSOLD_STAGE_TOKENS } from '../../../domain/stages';
import { amount, instant } from './columns';

/** The sale: a single row (id = 1) the operator edits. */
export const saleSettings = pgTable(
  'sale_settings',
  {
    id: integer('id').primaryKey().default(1),
    tokenName: text('token_name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    /**
     * The price of the stage the sale was in when last recorded: what the stored crypto rates are
     * derived from. Quotes price every piece from its stage (sale_stages) and never read it.
     */
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
    totalSupply: amount('total_supply').notNull(),
    softCap: amount('soft_cap').notNull(),
    /** The sum of the stages' allocations, written whenever the stages are saved. */
    hardCap: amount('hard_cap').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    orderExpiryMinutes: integer('order_expiry_minutes').notNull().default(60),
    /** Pending orders one buyer may hold at once; the sale-totals trigger refuses more (migration 0008). */
    maxPendingOrders: integer('max_pending_orders').notNull().default(3),
    listingAt: instant('listing_at'),
    deliveryNote: text('delivery_note').notNull().default(''),
    /** Buyers must verify their e-mail address before ordering (issue 14). */
    requireVerifiedEmail: boolean('require_verified_email').notNull().default(false),
    /** Every operator must sign in with a second factor (issue 15; an Owner's setting). */
    operatorsNeedTotp: boolean('operators_need_totp').notNull().default(false),
    /** What a closed stage's unsold tokens do: roll into the next open stage, or stay unsold (issue 30). */
    unsoldStageTokens: text('unsold_stage_tokens', { enum: UNSOLD_STAGE_TOKENS }).notNull().default('roll_over'),
    /** When an operator first saved the schedule; null on a fresh install, whose sale is unscheduled (issue 28). */
    scheduledAt: instant('scheduled_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /**
     * Running totals kept by a trigger on `orders` (migration 0007), never written by the app:
     * tokens of pending and approved orders, and of approved orders alone. The trigger refuses a new
     * pending order that would take `tokensCommitted` past the hard cap.
     */
    tokensCommitted: amount('tokens_committed').notNull().default('0'),
    tokensSold: amount('tokens_sold').notNull().default('0'),
    /**
     * Referral and campaign reward tokens taken out of the allocation (decision 031), written by the
     * approval that pays them: counted in `tokensCommitted` (the hard cap holds them), not in `tokensSold`.
     */
    rewardTokens: amount('reward_tokens').notNull().default('0'),
  },
  (t) => [
    check('sale_settings_single_row', sql`${t.id} = 1`),
    check('sale_settings_max_pending_orders', sql`${t.maxPendingOrders} between 1 and 20`),
    check('sale_settings_unsold_stage_tokens', sql`${t.unsoldStageTokens} in ('roll_over', 'leave')`),
  ],
);

/**
 * The sale's stages, in `position` order (issue 30, decision 028). The running figures are kept by
 * the orders trigger (migration 0027) from each order's `stage_pieces`, never written by the app;
 * what a stage may sell is `allocation + rolled_in - rolled_out`, and the trigger refuses a
 * statement that takes a stage past it.
 */
export const saleStages = pgTable(
  'sale_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Sale order; unique, checked at commit so a reorder can swap positions in one transaction. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
    allocation: amount('allocation').notNull(),
    endsAt: instant('ends_at'),
    /** Tokens passed to this stage by closed stages before it (operator setting: roll over). */
    rolledIn: amount('rolled_in').notNull().default('0'),
    /** Tokens this closed stage did not sell and passed on to the next open stage. */
    rolledOut: amount('rolled_out').notNull().default('0'),
    /** Pending and approved orders' tokens and rewards (what the stage may-sell check counts), and approved orders' alone. */
    tokensCommitted: amount('tokens_committed').notNull().default('0'),
    tokensSold: amount('tokens_sold').notNull().default('0'),
    /** Referral and campaign reward tokens taken from this stage (decision 031): in `tokensCommitted`, not in `tokensSold`. */
    rewardTokens: amount('reward_tokens').notNull().default('0'),
    /** When the stage closed: when it sold out, at its end instant, or when an operator ended it. */
    closedAt: instant('closed_at'),
    closeReason: text('close_reason', { enum: STAGE_CLOSE_REASONS }),
    /** Tokens of pending and approved orders, and of approved orders alone, when it closed. */
    committedAtClose: amount('committed_at_close'),
    soldAtClose: amount('sold_at_close'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sale_stages_position_key').on(t.position),
    check('sale_stages_price_positive', sql`${t.priceUsd} > 0`),
    check('sale_stages_allocation_positive', sql`${t.allocation} > 0`),
    check('sale_stages_close_reason', sql`${t.closeReason} in ('sold_out', 'ended', 'ended_early')`),
  ],
);
