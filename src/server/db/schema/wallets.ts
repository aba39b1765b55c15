// Buyers' receiving wallets and the requests to change them (issue 19).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { operators, users } from './accounts';

export const WALLET_CHANGE_STATES = ['applied', 'pending', 'approved', 'rejected', 'withdrawn'] as const;

/**
 * Every change of a buyer's receiving wallet (issue 19): `applied` when the buyer made it (before the
 * sale ended, or a first wallet), else a request the sale team approves or rejects (`pending`), or
 * the buyer withdraws. At most one pending request per buyer.
 */
export const walletChanges = pgTable(
  'wallet_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    previous: text('previous'),
    address: text('address').notNull(),
    state: text('state', { enum: WALLET_CHANGE_STATES }).notNull(),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
    /** The operator's note to the buyer on a decision. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('wallet_changes_one_pending_key').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('wallet_changes_user_idx').on(t.userId, t.id),
    index('wallet_changes_state_idx').on(t.state, t.id),
    check('wallet_changes_state_check', sql`${t.state} in ('applied', 'pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);
