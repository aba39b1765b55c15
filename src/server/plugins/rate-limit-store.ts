// Fixed-window counters kept in the database, so every instance sharing it counts the same attempts.
// Used by @fastify/rate-limit (per client address) and directly by services (per account).
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

export interface RateLimitHit {
  hits: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [result] = await this.hitAll([key], windowMs);
    if (!result) throw new Error('rate limit upsert returned nothing');
    return result;
  }

  /** Counts one attempt on each of `keys` (distinct) in one statement; the results come in the same order. */
  async hitAll(keys: string[], windowMs: number): Promise<RateLimitHit[]> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - windowMs);
    const rows = await this.db
      .insert(rateLimits)
      .values(keys.map((key) => ({ key, windowStartedAt: now, hits: 1 })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()} then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw new Error('rate limit upsert returned nothing');
      return { hits: row.hits, resetInMs: Math.max(0, row.windowStartedAt.getTime() + windowMs - now.getTime()) };
    });
  }

  /** Hits counted on each of `keys` in the window still open, without counting one more (absent keys read 0). */
  async peek(keys: string[], windowMs: number): Promise<number[]> {
    const windowStart = new Date(this.now().getTime() - windowMs);
    const rows = await this.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowStartedAt, windowStart)));
    const byKey = new Map(rows.map((r) => [r.key, r.hits]));
    return keys.map((key) => byKey.get(key) ?? 0);
  }

  /**
   * Counts an attempt on every limit at once (one statement) and throws a 429 if any is past its
   * `max`, saying when the longest-blocked one opens again.
   */
  async consumeAll(limits: { key: string; max: number }[], windowMs: number): Promise<void> {
    const hits = await this.hitAll(
      limits.map((l) => l.key),
      windowMs,
    );
    const waits = hits.filter((h, i) => h.hits > (limits[i]?.max ?? Infinity)).map((h) => h.resetInMs);
    if (waits.length) throw tooManyAttempts(Math.max(...waits));
  }

  /** Counts an attempt on `key` and throws a 429 once more than `max` fall in the window. */
  async consume(key: string, max: number, windowMs: number): Promise<void> {
    const { hits, resetInMs } = await this.hit(key, windowMs);
    if (hits > max) throw tooManyAttempts(resetInMs);
  }
}

export function tooManyAttempts(resetInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store on RateLimiter; each route counts under its own prefix. */
export function databaseStore(limiter: RateLimiter) {
  class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'ip',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      limiter.hit(`${this.prefix}:${key}`, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.resetInMs }),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DatabaseRateLimitStore(undefined, `ip:${method} ${route?.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}
