// Runs the payment watcher once per interval across instances (several instances on one database
// watch the chains once between them); its own cursor guard makes an overlapping tick harmless.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { EvmWatcher, TickReport } from '../modules/payments/evm-watcher.service';
import { IntervalJob } from './interval-job';

export class PaymentWatchJob extends IntervalJob<TickReport[]> {
  constructor(
    db: Queryable,
    private readonly watcher: EvmWatcher,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'payment-watch', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<TickReport[]> {
    try {
      const reports = await this.watcher.tick(now);
      for (const r of reports) if (r.error) this.log.warn({ chainId: r.chainId, error: r.error }, 'payment watcher could not read a chain');
      return reports;
    } catch (error) {
      this.log.error({ err: error }, 'payment watcher failed');
      return [];
    }
  }
}
