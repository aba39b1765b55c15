// Expires pending orders whose payment window has closed. Reads also expire overdue orders first,
// so the job only keeps statuses fresh for pages that are merely watching.
import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from '../modules/orders/orders.service';

export class OrderExpiryJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly orders: OrderService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
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
