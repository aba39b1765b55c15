// Expires pending orders whose payment window has closed. Reads also expire overdue orders first,
// so the job only keeps statuses fresh for pages that are merely watching.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { OrderService } from '../modules/orders/orders.service';
import { IntervalJob } from './interval-job';

export class OrderExpiryJob extends IntervalJob<number> {
  constructor(
    db: Queryable,
    private readonly orders: OrderService,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'order-expiry', intervalMs, log);
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
}
