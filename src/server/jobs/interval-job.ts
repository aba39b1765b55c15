// A job run every `intervalMs` by each instance, which goes ahead only when it claims the run: several
// instances on one database do the work once per interval between them (see claim.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { claimJobRun } from './claim';

export abstract class IntervalJob<Result> {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    protected readonly db: Queryable,
    private readonly name: string,
    private readonly intervalMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** One run, now, whatever other instances did. */
  abstract runOnce(now?: Date): Promise<Result>;

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runScheduled(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs unless another instance on this database already did within this interval; null when it did. */
  async runScheduled(now = new Date()): Promise<Result | null> {
    const claimed = await claimJobRun(this.db, this.name, this.intervalMs * 0.9, now).catch(() => false);
    return claimed ? this.runOnce(now) : null;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
