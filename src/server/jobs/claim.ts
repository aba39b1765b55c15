// Several instances on one database each schedule the same jobs. Before a scheduled run, an
// instance claims it: one atomic statement records the run only if the job has not run within
// `minGapMs`, so one instance per interval does the work and the others skip it.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export async function claimJobRun(db: Queryable, name: string, minGapMs: number, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - minGapMs);
  const result = (await db.execute(sql`
    insert into job_runs (name, last_run_at) values (${name}, ${now})
    on conflict (name) do update set last_run_at = excluded.last_run_at
    where job_runs.last_run_at <= ${since}
    returning name`)) as { rows?: unknown[] } | unknown[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows.length === 1;
}
