// The audit log as other modules use it: they record through here, inside their own transaction.
import type { z } from 'zod';
import type { auditPageSchema } from '@/contracts/audit';
import type { AuditAction } from '@/contracts/audit-actions';
import { ROLES, type Role } from '@/contracts/permissions';
import type { Actor } from '../../actor';
import type { Queryable } from '../../db/client';
import { findAuditPage, hasAuditEntry, insertAuditEntry, type AuditFilter } from './audit.repository';

type AuditPage = z.input<typeof auditPageSchema>;

const isRole = (value: string | null): value is Role => (ROLES as readonly (string | null)[]).includes(value);

/**
 * Appends one entry; pass the transaction that makes the change, so both commit or neither. Never pass secrets.
 * A new kind of action goes in AUDIT_ACTIONS, whose every member the back-office labels.
 */
export async function recordAudit(tx: Queryable, actor: Actor, action: AuditAction, entity: string, before: unknown, after: unknown): Promise<void> {
  await insertAuditEntry(tx, actor, action, entity, before, after);
}

export async function findAuditEntries(db: Queryable, page: number, pageSize: number, filter: AuditFilter = {}): Promise<AuditPage> {
  const { entries, total, actions, operators } = await findAuditPage(db, page, pageSize, filter);
  return {
    operators,
    entries: entries.map((e) => ({ id: e.id, operator: e.operatorLogin, role: isRole(e.operatorRole) ? e.operatorRole : null, action: e.action, entity: e.entity, before: e.before, after: e.after, createdAt: e.createdAt.toISOString() })),
    total,
    page,
    pageSize,
    actions,
  };
}

/** Whether the log holds at least one entry of this kind (such as operator.password_changed). */
export async function hasAudited(db: Queryable, action: AuditAction): Promise<boolean> {
  return hasAuditEntry(db, action);
}
