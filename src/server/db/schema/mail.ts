// The e-mail outbox (decision 019).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './accounts';

/**
 * Every e-mail Presale makes, in the order made: queued → sent, or retried with backoff and failed
 * with the server's answer; `kept` when no SMTP server is configured (readable in the Outbox).
 * Instances send each message once: a sender claims rows (`sending`, with a lease) before sending.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What it is about, e.g. password-reset. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The parts, as rendered; null until the sender renders them from `data` (order messages). */
    html: text('html'),
    text: text('text'),
    /** What a message rendered at sending time is made from. */
    data: jsonb('data'),
    /** One message per event (e.g. order:ab12:approved), however many instances heard of it. */
    dedupeKey: text('dedupe_key').unique(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'kept'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** Until when a sender holds a `sending` row; past it, another may take it again. */
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'kept')`),
  ],
);
