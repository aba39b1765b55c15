// Expires pending orders whose payment window has closed. Reads also expire overdue orders first,
// so the job only keeps statuses fresh for pages that are merely watching. Each tick also follows the
// stages: a stage whose end came gets its closing recorded and audited, and the stored token price
// and rates move to the new current stage's without an operator.
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
    private readonly followStages: (now: Date) => Promise<unknown> = async () => undefined,
  ) {
    super(db, 'order-expiry', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<number> {
    let n = 0;
    try {
      n = await this.orders.expireOverdue(now);
      if (n > 0) this.log.info({ expired: n }, 'expired overdue orders');
    } catch (error) {
      this.log.error({ err: error }, 'order expiry failed');
    }
    // After expiry: tokens an expired order frees in a closed stage have rolled on before the price is followed.
    try {
      await this.followStages(now);
    } catch (error) {
      this.log.error({ err: error }, 'following the stages failed');
    }
    return n;
  }
}
