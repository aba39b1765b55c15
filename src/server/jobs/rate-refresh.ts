// Refreshes feed rates every RATE_REFRESH_MINUTES. A failed refresh keeps every rate and is retried
// with exponential back-off (30 s, 60 s, … up to the normal interval).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshRates, type PriceFeed } from '../modules/rates/rates.service';
import { claimJobRun } from './claim';

export interface RateRefreshStatus {
  lastRunAt: Date | null;
  lastError: string | null;
  consecutiveFailures: number;
}

export class RateRefreshJob {
  readonly status: RateRefreshStatus = { lastRunAt: null, lastError: null, consecutiveFailures: 0 };
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly feed: PriceFeed,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly firstRetryMs = 30_000,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The delay before the next run: the interval after success, back-off after failures. */
  nextDelay(): number {
    if (this.status.consecutiveFailures === 0) return this.intervalMs;
    return Math.min(this.intervalMs, this.firstRetryMs * 2 ** (this.status.consecutiveFailures - 1));
  }

  async runOnce(): Promise<void> {
    this.status.lastRunAt = new Date();
    try {
      const result = await refreshRates(this.db, this.feed, null);
      this.status.lastError = null;
      this.status.consecutiveFailures = 0;
      if (result.missing.length) this.log.warn({ missing: result.missing }, 'price feed had no price for some cryptos');
    } catch (err) {
      this.status.lastError = err instanceof Error ? err.message : String(err);
      this.status.consecutiveFailures += 1;
      this.log.warn({ err: this.status.lastError, retryInMs: this.nextDelay() }, 'rate refresh failed; rates unchanged');
    }
  }

  /**
   * A scheduled run: it goes ahead only if no instance on this database ran within most of the
   * gap it was scheduled for, so several instances refresh once per interval between them.
   */
  async runScheduled(gapMs: number): Promise<boolean> {
    const claimed = await claimJobRun(this.db, 'rate-refresh', gapMs * 0.9).catch((err: unknown) => {
      this.log.warn({ err }, 'could not claim the rate refresh');
      return false;
    });
    if (claimed) await this.runOnce();
    return claimed;
  }

  private schedule(delay: number): void {
    const gap = delay > 0 ? delay : this.intervalMs;
    this.timer = setTimeout(() => {
      void this.runScheduled(gap).finally(() => {
        if (!this.stopped) this.schedule(this.nextDelay());
      });
    }, delay);
    this.timer.unref();
  }
}
