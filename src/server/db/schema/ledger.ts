// The append-only token ledger and its hash chain (issue 16).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '../../../domain/ledger-kinds';
import { amount, instant } from './columns';
import { users } from './accounts';
import { orders } from './orders';

/**
 * Append-only ledger: a buyer's balance is the sum of their entries. One entry per order and kind:
 * the purchase and its bonus at approval, and the excess and its bonus when an operator credits an
 * overpayment (once per order, see `excessDecisions`).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: amount('amount').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /**
     * The hash chain (issue 16), set by the database as each entry is written (trigger
     * `ledger_entries_chain`, under the lock of `ledger_chain`'s one row): the entry's place in the
     * chain from 1, the previous entry's hash (64 zeros before the first), and SHA-256 over
     * `prev_hash|seq|id|user_id|order_id|kind|amount|created_at` (hex; created_at in UTC to the
     * microsecond, e.g. 2026-11-23T10:00:00.123456Z). The defaults are never kept.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [index('ledger_user_idx').on(t.userId), uniqueIndex('ledger_order_kind_key').on(t.orderId, t.kind), uniqueIndex('ledger_seq_key').on(t.seq)],
);

/** The head of the ledger's hash chain (one row): the lock every new entry takes, and where it links. */
export const ledgerChain = pgTable(
  'ledger_chain',
  {
    id: integer('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('ledger_chain_single_row', sql`${t.id} = 1`)],
);

/** The chain's head as recorded once per UTC day, public on /transparency: history rewritten since shows. */
export const ledgerHeads = pgTable('ledger_heads', {
  day: text('day').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
});
