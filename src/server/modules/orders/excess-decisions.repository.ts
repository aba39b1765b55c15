// SQL of the operator's decisions about overpayments' excess (one per order).
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { excessDecisions, operators } from '../../db/schema';

export type ExcessDecisionRow = typeof excessDecisions.$inferSelect & { decidedByLogin: string | null };

export async function findExcessDecisions(db: Queryable, orderIds: number[]): Promise<ExcessDecisionRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ decision: excessDecisions, decidedByLogin: operators.login })
    .from(excessDecisions)
    .leftJoin(operators, eq(operators.id, excessDecisions.decidedBy))
    .where(inArray(excessDecisions.orderId, orderIds));
  return rows.map((r) => ({ ...r.decision, decidedByLogin: r.decidedByLogin }));
}

/** Records the decision; undefined when the order already has one (one decision per order). */
export async function insertExcessDecision(db: Queryable, values: typeof excessDecisions.$inferInsert): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(excessDecisions).values(values).onConflictDoNothing({ target: excessDecisions.orderId }).returning({ id: excessDecisions.id });
  return row;
}
