// Deletes what has served its purpose: expired sessions, rate-limit windows long closed, and the
// Idempotency-Keys of orders older than a day (a client retries within minutes, not days; the order
// stays, only its key and request fingerprint are cleared). Runs once per interval across instances.
import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { orders, rateLimits, sessions } from '../db/schema';
import { IntervalJob } from './interval-job';

/** Longer than any rate-limit window in use (the longest is an hour). */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long an order's Idempotency-Key still returns the same order. */
export const IDEMPOTENCY_KEYS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface CleanupResult {
  sessions: number;
  rateLimits: number;
  idempotencyKeys: number;
}

export class CleanupJob extends IntervalJob<CleanupResult | null> {
  constructor(db: Queryable, intervalMs: number, log: FastifyBaseLogger) {
    super(db, 'cleanup', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<CleanupResult | null> {
    try {
      const ended = await this.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash });
      const windows = await this.db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_ROWS_KEPT_MS)))
        .returning({ key: rateLimits.key });
      const keys = await this.db
        .update(orders)
        .set({ idempotencyKey: null, requestFingerprint: null })
        .where(and(isNotNull(orders.idempotencyKey), lt(orders.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS))))
        .returning({ id: orders.id });
      const result = { sessions: ended.length, rateLimits: windows.length, idempotencyKeys: keys.length };
      if (result.sessions + result.rateLimits + result.idempotencyKeys > 0) this.log.info(result, 'removed expired records');
      return result;
    } catch (error) {
      this.log.error({ err: error }, 'cleanup failed');
      return null;
    }
  }

}
