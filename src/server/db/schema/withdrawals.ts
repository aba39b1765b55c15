// The withdrawal right (issue 34, decision 040): the operator's setting, and the buyers' requests to
// withdraw an approved order, each completed by a recorded refund or declined with a reason.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATES } from '../../../domain/withdrawal';
import { amount, instant } from './columns';
import { operators, users } from './accounts';
import { orders } from './orders';

/** Whether buyers may withdraw an approved order, and for how many days after its approval. One row; off by default. */
export const withdrawalSettings = pgTable(
  'withdrawal_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    days: integer('days').notNull().default(14),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('withdrawal_settings_single_row', sql`${t.id} = 1`), check('withdrawal_settings_days', sql`${t.days} between 1 and 365`)],
);

/**
 * A buyer's request to withdraw one approved order: at most one per order (a second is refused), made
 * before `deadline` (the approval + the setting's days when asked). `requested` until an operator
 * completes it (the refund they sent: amount in the order's currency, transaction, note; the order
 * becomes withdrawn and the ledger gets its reversing entries in the same transaction) or declines it
 * with a reason the buyer reads. Only a requested row changes (guarded updates, and the trigger of
 * migration 0038).
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('requested'),
    requestedAt: instant('requested_at').notNull(),
    deadline: instant('deadline').notNull(),
    /** What left the buyer's balance: the order's tokens and bonus (set on completion). */
    tokens: amount('tokens'),
    bonusTokens: amount('bonus_tokens'),
    refundAmount: numeric('refund_amount', { precision: 38, scale: 8 }),
    refundTxHash: text('refund_tx_hash'),
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_order_key').on(t.orderId),
    index('withdrawal_requests_state_idx').on(t.state, t.requestedAt),
    check('withdrawal_requests_state', sql`${t.state} in ('requested', 'completed', 'declined')`),
    check('withdrawal_requests_refund', sql`${t.state} <> 'completed' or (${t.refundAmount} > 0 and ${t.refundTxHash} is not null and ${t.tokens} is not null)`),
    check('withdrawal_requests_decline', sql`${t.state} <> 'declined' or ${t.declineReason} is not null`),
  ],
);
