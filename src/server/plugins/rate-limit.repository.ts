// The rate_limits table: one fixed-window counter per key.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

/** A key's count after an upsert, and when its window started. */
export interface KeyHits {
  key: string;
  hits: number;
  windowStartedAt: Date;
}

/**
 * Adds `n` hits to each key in one call of `add_rate_limit_hits` (migration 0030: its plan is kept):
 * a window that started at or before `windowStart` is over, so its count restarts at `n` from
 * `now`. Returns each key's count and window start.
 */
export async function addHits(db: Queryable, added: Map<string, number>, now: Date, windowStart: Date): Promise<KeyHits[]> {
  const keys = [...added.keys()];
  const result = (await db.execute(
    sql`select hit_key, hit_count, hit_window_started_at from add_rate_limit_hits(${sql.param(keys)}::text[], ${sql.param(keys.map((k) => added.get(k) ?? 0))}::integer[], ${now.toISOString()}::timestamptz, ${windowStart.toISOString()}::timestamptz)`,
  )) as { rows: HitRow[] };
  return result.rows.map(toHit);
}

/** A row of `add_rate_limit_hits` as a driver returns it. */
export interface HitRow {
  hit_key: string;
  hit_count: number;
  hit_window_started_at: Date | string;
}

export function toHit(r: HitRow): KeyHits {
  return { key: r.hit_key, hits: r.hit_count, windowStartedAt: new Date(r.hit_window_started_at) };
}

/** The hits of those `keys` whose window started after `windowStart`. */
export async function findOpenHits(db: Queryable, keys: string[], windowStart: Date): Promise<{ key: string; hits: number }[]> {
  return db
    .select({ key: rateLimits.key, hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowStartedAt, windowStart)));
}

/** Takes one hit back from a key whose window is still open (an attempt that turned out right). */
export async function removeHit(db: Queryable, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStartedAt, windowStart)));
}
