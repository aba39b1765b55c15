// Deletes what has served its purpose: expired sessions, rate-limit windows long closed, and the
// Idempotency-Keys of orders older than a day (a client retries within minutes, not days; the order
// stays, only its key and request fingerprint are cleared). Runs once per interval across instances.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { clearIdempotencyKeysBefore, deleteExpiredSessions, deleteRateLimitsBefore } from './cleanup.repository';
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
      const result = {
        sessions: await deleteExpiredSessions(this.db, now),
        rateLimits: await deleteRateLimitsBefore(this.db, new Date(now.getTime() - RATE_LIMIT_ROWS_KEPT_MS)),
        idempotencyKeys: await clearIdempotencyKeysBefore(this.db, new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS)),
      };
      if (result.sessions + result.rateLimits + result.idempotencyKeys > 0) this.log.info(result, 'removed expired records');
      return result;
    } catch (error) {
      this.log.error({ err: error }, 'cleanup failed');
      return null;
    }
  }
}
