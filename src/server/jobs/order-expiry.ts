// Expires pending orders whose payment window has closed. Reads also expire overdue orders first,
// so the job only keeps statuses fresh for pages that are merely watching.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { OrderService } from '../modules/orders/orders.service';
import { claimJobRun } from './claim';

export class OrderExpiryJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly orders: OrderService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runScheduled(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs unless another instance on this database already did within this interval. */
  async runScheduled(): Promise<number> {
    const claimed = await claimJobRun(this.db, 'order-expiry', this.intervalMs * 0.9).catch(() => false);
    return claimed ? this.runOnce() : 0;
  }

  async runOnce(): Promise<number> {
    try {
      const n = await this.orders.expireOverdue();
      if (n > 0) this.log.info({ expired: n }, 'expired overdue orders');
      return n;
    } catch (error) {
      this.log.error({ err: error }, 'order expiry failed');
      return 0;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
