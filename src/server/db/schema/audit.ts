// The append-only record of operator changes.
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { operators } from './accounts';

/** Append-only record of operator changes (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorLogin: text('operator_login').notNull(),
    /** The operator's role when they made the change; null before roles existed and for the server's own decisions. */
    operatorRole: text('operator_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_operator_idx').on(t.operatorId, t.createdAt)],
);
