// SQL of an order attempt: its throttles counted and its buyer's checks read in one call.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { checkInputsOf, type CheckInputs, type CheckInputsRow } from '../eligibility/eligibility.service';
import { toHit, type HitRow, type KeyHits } from '../../plugins/rate-limit.repository';

type AttemptRow = ({ hit_key: string } & HitRow) | ({ hit_key: null } & CheckInputsRow);

/**
 * Adds `added` hits to each key as `add_rate_limit_hits` does (a window started at or before
 * `windowStart` restarts from `now`), then reads what ordering asks of each of `buyers`, in one call of
 * `order_attempts_of` (migration 0043, whose plan is kept). A buyer not found is absent.
 */
export async function countAttemptsAndReadChecks(
  db: Queryable,
  added: ReadonlyMap<string, number>,
  now: Date,
  windowStart: Date,
  buyers: readonly number[],
): Promise<{ hits: KeyHits[]; inputs: Map<number, CheckInputs> }> {
  const keys = [...added.keys()];
  const result = (await db.execute(
    sql`select * from order_attempts_of(${sql.param(buyers)}::integer[], ${sql.param(keys)}::text[], ${sql.param(keys.map((k) => added.get(k) ?? 0))}::integer[], ${now.toISOString()}::timestamptz, ${windowStart.toISOString()}::timestamptz)`,
  )) as { rows: AttemptRow[] };
  const hits: KeyHits[] = [];
  const inputs = new Map<number, CheckInputs>();
  for (const row of result.rows) {
    if (row.hit_key === null) inputs.set(row.buyer, checkInputsOf(row));
    else hits.push(toHit(row));
  }
  return { hits, inputs };
}
