// Identity checks (issue 34, decision 041): the operator's settings (one row), each buyer's checks,
// the documents a check holds until its retention ends, and the provider's events already applied.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { amount, bytes, instant } from './columns';

/** Absent until the first save: no threshold, so nobody is asked. */
export const identitySettings = pgTable(
  'identity_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Approved plus pending orders' USD a buyer may reach unverified; null: checks are off. */
    thresholdUsd: amount('threshold_usd'),
    mode: text('mode', { enum: ['review', 'provider'] })
      .notNull()
      .default('review'),
    /** Days a decided check's documents are kept. */
    retentionDays: integer('retention_days').notNull().default(90),
    /** The provider's webhook signing secret (HMAC-SHA256); empty for none. */
    webhookSecret: text('webhook_secret').notNull().default(''),
    /** Where the buyer starts the provider's flow; `{userId}` is replaced by the buyer's id. */
    flowUrl: text('flow_url').notNull().default(''),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('identity_settings_single_row', sql`${t.id} = 1`), check('identity_settings_retention', sql`${t.retentionDays} between 1 and 3650`)],
);

/** One buyer's check: pending until reviewed (or the provider's verdict arrives), then final. */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['review', 'provider'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    /** The reviewer's (or provider's) reason for a rejection: the buyer sees it. */
    reason: text('reason'),
    submittedAt: instant('submitted_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
    /** When the retention job deleted its documents. */
    documentsDeletedAt: instant('documents_deleted_at'),
  },
  (t) => [
    // A buyer's standing is their latest check (highest id): a provider may revoke a verdict.
    index('identity_checks_user_idx').on(t.userId, t.id),
    // One open check per buyer: a second upload while one waits is refused.
    uniqueIndex('identity_checks_user_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('identity_checks_pending_idx').on(t.submittedAt).where(sql`${t.status} = 'pending'`),
    index('identity_checks_retention_idx').on(t.decidedAt).where(sql`${t.documentsDeletedAt} is null and ${t.mode} = 'review'`),
  ],
);

/** A check's uploaded files, in the database (every instance reads them; no web root holds them). */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    checkId: integer('check_id')
      .notNull()
      .references(() => identityChecks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['document', 'selfie'] }).notNull(),
    mime: text('mime').notNull(),
    data: bytes('data').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('identity_documents_check_kind_key').on(t.checkId, t.kind)],
);

/** The provider's events applied, by their id: a repeat is acknowledged and changes nothing. */
export const identityProviderEvents = pgTable('identity_provider_events', {
  eventId: text('event_id').primaryKey(),
  userId: integer('user_id').notNull(),
  verdict: text('verdict').notNull(),
  receivedAt: instant('received_at').notNull(),
});
