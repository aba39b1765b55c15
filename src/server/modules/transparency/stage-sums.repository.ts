// Approved orders summed per stage from their pieces (issue 30): each order stores the stages it was
// priced in, so the sums are the pieces' own figures, never re-priced.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

export interface ApprovedStageRow {
  stageId: number;
  /** The stage's number and name as the last piece in it recorded them (for a stage since removed). */
  stageNumber: number;
  stageName: string;
  tokens: string;
  usdAmount: string;
  orders: number;
}

/** Approved orders' pieces summed per stage, approved from `since` (the whole sale without it). */
export async function approvedPerStage(db: Queryable, since?: Date): Promise<ApprovedStageRow[]> {
  const result = (await db.execute(sql`
    select (p->>'stageId')::int as "stageId",
           max((p->>'stageNumber')::int) as "stageNumber",
           max(p->>'stageName') as "stageName",
           sum((p->>'tokens')::numeric)::text as tokens,
           sum((p->>'usdAmount')::numeric)::text as "usdAmount",
           count(distinct o.id)::int as orders
      from orders o cross join lateral jsonb_array_elements(o.stage_pieces) p
     where o.status = 'approved' ${since ? sql`and o.decided_at >= ${since}` : sql``}
     group by 1
     order by 1`)) as { rows: ApprovedStageRow[] };
  return result.rows;
}
