// The sale's settings: one row the operator edits, with the running totals a trigger keeps.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { amount, instant } from './columns';

/** The sale: a single row (id = 1) the operator edits. */
export const saleSettings = pgTable(
  'sale_settings',
  {
    id: integer('id').primaryKey().default(1),
    tokenName: text('token_name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    priceUsd: numeric('price_usd', { precision: 30, scale: 8 }).notNull(),
    totalSupply: amount('total_supply').notNull(),
    softCap: amount('soft_cap').notNull(),
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
  },
  (t) => [check('sale_settings_single_row', sql`${t.id} = 1`), check('sale_settings_max_pending_orders', sql`${t.maxPendingOrders} between 1 and 20`)],
);
