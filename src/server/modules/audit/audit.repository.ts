import { count, desc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface Actor {
  id: number;
  login: string;
}

/** Appends one audit row; call it inside the transaction that makes the change. Never pass secrets. */
export async function recordAudit(db: Queryable, actor: Actor, action: string, entity: string, before: unknown, after: unknown): Promise<void> {
  await db.insert(auditLog).values({ operatorId: actor.id, operatorLogin: actor.login, action, entity, before: before ?? null, after: after ?? null });
}

export async function findAuditPage(db: Queryable, page: number, pageSize: number) {
  const [entries, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { entries, total: totals[0]?.n ?? 0 };
}
