// Fixed-window counters kept in the database, so every instance sharing it counts the same attempts.
// Used by @fastify/rate-limit (per client address) and directly by services (per account).
import type { Db } from '../db/client';
import { StatementBatch, type Waiting } from '../db/statement-batch';
import { AppError } from '../errors';
import { addHits, findOpenHits, removeHit, type KeyHits } from './rate-limit.repository';

export interface RateLimitHit {
  hits: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

type WaitingHits = Waiting<{ keys: string[]; windowMs: number }, RateLimitHit[]>;

export class RateLimiter {
  /** Attempts counted in the same turn of the event loop, or while a count runs, share one statement. */
  private readonly batch = new StatementBatch<{ keys: string[]; windowMs: number }, RateLimitHit[]>(async (waiting) => {
    for (const [windowMs, same] of byWindow(waiting)) await this.count(windowMs, same);
  });

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [result] = await this.hitAll([key], windowMs);
    if (!result) throw new Error('rate limit upsert returned nothing');
    return result;
  }

  /**
   * Counts one attempt on each of `keys` (distinct); the results come in the same order. Attempts
   * arriving together are counted by one upsert (a launch spike's orders all hit the same address
   * key): each attempt gets the count it would have got alone, in the order it arrived.
   */
  hitAll(keys: string[], windowMs: number): Promise<RateLimitHit[]> {
    return this.batch.call({ keys, windowMs });
  }

  private async count(windowMs: number, waiting: WaitingHits[]): Promise<void> {
    const added = addedHits(waiting.map((w) => w.input.keys));
    const now = this.now();
    try {
      const counted = hitsOfBatch(await addHits(this.db, added, now, new Date(now.getTime() - windowMs)), added, now, windowMs);
      for (const w of waiting) {
        try {
          w.resolve(counted(w.input.keys));
        } catch (error) {
          w.reject(error);
        }
      }
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }

  /** Hits counted on each of `keys` in the window still open, without counting one more (absent keys read 0). */
  async peek(keys: string[], windowMs: number): Promise<number[]> {
    const windowStart = new Date(this.now().getTime() - windowMs);
    const rows = await findOpenHits(this.db, keys, windowStart);
    const byKey = new Map(rows.map((r) => [r.key, r.hits]));
    return keys.map((key) => byKey.get(key) ?? 0);
  }

  /** Takes back one attempt counted on `key` in the window still open. */
  async giveBack(key: string, windowMs: number): Promise<void> {
    await removeHit(this.db, key, new Date(this.now().getTime() - windowMs));
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
    const refusal = pastLimits(limits, hits);
    if (refusal) throw refusal;
  }

  /** Counts an attempt on `key` and throws a 429 once more than `max` fall in the window. */
  async consume(key: string, max: number, windowMs: number): Promise<void> {
    const { hits, resetInMs } = await this.hit(key, windowMs);
    if (hits > max) throw tooManyAttempts(resetInMs);
  }
}

/** A batch's attempts by their window: each window is counted by its own upsert. */
export function byWindow<W extends { input: { windowMs: number } }>(waiting: readonly W[]): Map<number, W[]> {
  const groups = new Map<number, W[]>();
  for (const w of waiting) {
    const same = groups.get(w.input.windowMs);
    if (same) same.push(w);
    else groups.set(w.input.windowMs, [w]);
  }
  return groups;
}

/** How many hits a batch of attempts adds to each key (each attempt's keys are distinct). */
export function addedHits(attempts: readonly (readonly string[])[]): Map<string, number> {
  const added = new Map<string, number>();
  for (const keys of attempts) for (const key of keys) added.set(key, (added.get(key) ?? 0) + 1);
  return added;
}

/**
 * Each attempt's counts from the upsert of its batch (`added` hits at `now`), asked attempt by
 * attempt in the order they arrived: the i-th attempt of the batch on a key gets the count before
 * the batch plus i, the count it would have got alone.
 */
export function hitsOfBatch(rows: readonly KeyHits[], added: ReadonlyMap<string, number>, now: Date, windowMs: number): (keys: readonly string[]) => RateLimitHit[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const given = new Map<string, number>();
  return (keys) =>
    keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw new Error('rate limit upsert returned nothing');
      const nth = (given.get(key) ?? 0) + 1;
      given.set(key, nth);
      return { hits: row.hits - (added.get(key) ?? 1) + nth, resetInMs: Math.max(0, row.windowStartedAt.getTime() + windowMs - now.getTime()) };
    });
}

/** The 429 of the attempt if any limit is past its `max` (saying when the longest-blocked one opens again), else null. */
export function pastLimits(limits: readonly { max: number }[], hits: readonly RateLimitHit[]): AppError | null {
  const waits = hits.filter((h, i) => h.hits > (limits[i]?.max ?? Infinity)).map((h) => h.resetInMs);
  return waits.length ? tooManyAttempts(Math.max(...waits)) : null;
}

/** The 429 of every limit: the message (by default, when to try again) and a Retry-After header. */
export function tooManyAttempts(resetInMs: number, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError('rate_limited', message ?? `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
    'retry-after': String(seconds),
  });
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
