// The rate_limits table: one fixed-window counter per key.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Adds `n` hits to each key in one upsert: a window that started at or before `windowStart` is
 * over, so its count restarts at `n` from `now`. Returns each key's count and window start.
 */
export async function addHits(db: Queryable, added: Map<string, number>, now: Date, windowStart: Date): Promise<{ key: string; hits: number; windowStartedAt: Date }[]> {
  return db
    .insert(rateLimits)
    .values([...added].map(([key, n]) => ({ key, windowStartedAt: now, hits: n })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
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
