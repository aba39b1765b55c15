// The provably fair prize draw (issue 31, decision 035). A draw's rules and its committed block are
// fixed when it is made; the trigger in its migration refuses any later change to them, and lets the
// results (frozen entries, the block's hash, the winner, the delivery) be written once each.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { amount, bytes, instant } from './columns';
import { operators, users } from './accounts';

export const DRAW_CHAINS = ['bitcoin', 'evm'] as const;

export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    prize: text('prize').notNull(),
    image: bytes('image'),
    imageType: text('image_type'),
    /** Who takes part: approved purchases of at least `minUsd` (USD at approval), approved in [windowFrom, windowTo). */
    minUsd: amount('min_usd').notNull(),
    windowFrom: instant('window_from').notNull(),
    windowTo: instant('window_to').notNull(),
    /** One ticket per whole `usdPerEntry` of a buyer's qualifying purchases (at least one); null: one each. */
    usdPerEntry: amount('usd_per_entry'),
    closesAt: instant('closes_at').notNull(),
    /** The committed block: the one at `commitHeight` on this chain, read once it has `confirmations`. */
    chain: text('chain', { enum: DRAW_CHAINS }).notNull(),
    chainId: integer('chain_id'),
    commitHeight: bigint('commit_height', { mode: 'number' }).notNull(),
    tipAtCreation: bigint('tip_at_creation', { mode: 'number' }).notNull(),
    confirmations: integer('confirmations').notNull(),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Written once at closing. */
    frozenAt: instant('frozen_at'),
    entriesHash: text('entries_hash'),
    totalEntries: integer('total_entries'),
    /** Written once when the committed block has its confirmations. */
    blockHash: text('block_hash'),
    blockTime: instant('block_time'),
    drawnAt: instant('drawn_at'),
    winnerPosition: integer('winner_position'),
    winnerTicket: integer('winner_ticket'),
    winnerUserId: integer('winner_user_id').references(() => users.id),
    /** When the winner's e-mail was queued. */
    notifiedAt: instant('notified_at'),
    deliveredAt: instant('delivered_at'),
    deliveryNote: text('delivery_note'),
    deliveredBy: integer('delivered_by').references(() => operators.id),
  },
  (t) => [
    index('prize_draws_closes_idx').on(t.closesAt),
    check('prize_draws_chain', sql`${t.chain} in ('bitcoin', 'evm') and (${t.chain} = 'evm') = (${t.chainId} is not null)`),
    check('prize_draws_window', sql`${t.windowFrom} < ${t.windowTo} and ${t.windowTo} <= ${t.closesAt}`),
    check('prize_draws_amounts', sql`${t.minUsd} >= 0 and (${t.usdPerEntry} is null or ${t.usdPerEntry} > 0)`),
    check('prize_draws_commitment', sql`${t.commitHeight} > ${t.tipAtCreation} and ${t.confirmations} >= 1`),
  ],
);

/** A frozen draw's entries in ticket order: written once at closing, never changed. */
export const prizeDrawEntries = pgTable(
  'prize_draw_entries',
  {
    drawId: integer('draw_id')
      .notNull()
      .references(() => prizeDraws.id),
    position: integer('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Masked as the public list shows it: part of what the entries hash covers. */
    buyer: text('buyer').notNull(),
    orderIds: jsonb('order_ids').$type<number[]>().notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.position] }), check('prize_draw_entries_positive', sql`${t.entries} >= 1`)],
);
