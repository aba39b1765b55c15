import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../actor';

export async function insertAuditEntry(db: Queryable, actor: Actor, action: string, entity: string, before: unknown, after: unknown): Promise<void> {
  await db.insert(auditLog).values({ operatorId: actor.id, operatorLogin: actor.login, operatorRole: 'role' in actor ? actor.role : null, action, entity, before: before ?? null, after: after ?? null });
}

export interface AuditFilter {
  /** One kind of change, such as sale.updated. */
  action?: string;
  /** One operator's changes, by login. */
  operator?: string;
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

export async function findAuditPage(db: Queryable, page: number, pageSize: number, filter: AuditFilter = {}): Promise<{ entries: AuditRow[]; total: number; actions: string[]; operators: string[] }> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.operator) conditions.push(eq(auditLog.operatorLogin, filter.operator));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [entries, totals, actions, operators] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db.selectDistinct({ login: auditLog.operatorLogin }).from(auditLog).orderBy(asc(auditLog.operatorLogin)),
  ]);
  return { entries, total: totals[0]?.n ?? 0, actions: actions.map((a) => a.action), operators: operators.map((o) => o.login) };
}

/** Whether the log holds at least one entry of this kind (such as operator.password_changed). */
export async function hasAuditEntry(db: Queryable, action: string): Promise<boolean> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, action)).limit(1);
  return row !== undefined;
}
