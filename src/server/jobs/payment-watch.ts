// Runs the payment watchers (EVM chains, the Bitcoin family, then TRON) once per interval across instances (several
// instances on one database watch the chains once between them); each watcher's own cursor guard
// makes an overlapping tick harmless.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { UtxoTickReport, UtxoWatcher } from '../modules/payments/utxo/utxo-watcher.service';
import type { EvmWatcher, TickReport } from '../modules/payments/evm/evm-watcher.service';
import type { TronTickReport, TronWatcher } from '../modules/payments/tron/tron-watcher.service';
import { IntervalJob } from './interval-job';

export type WatchReport = TickReport | UtxoTickReport | TronTickReport;

export class PaymentWatchJob extends IntervalJob<WatchReport[]> {
  constructor(
    db: Queryable,
    private readonly watchers: { evm: EvmWatcher; utxo: UtxoWatcher; tron: TronWatcher },
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'payment-watch', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<WatchReport[]> {
    const reports: WatchReport[] = [];
    // One watcher failing outright does not keep the other from its chains.
    for (const [name, watcher] of Object.entries(this.watchers)) {
      try {
        reports.push(...(await watcher.tick(now)));
      } catch (error) {
        this.log.error({ err: error, watcher: name }, 'payment watcher failed');
      }
    }
    for (const r of reports) {
      const chain = 'chainId' in r ? r.chainId : r.chain;
      if (r.error) this.log.warn({ chain, error: r.error }, 'payment watcher could not read a chain');
      if (r.settleErrors) this.log.error({ chain, errors: r.settleErrors }, 'payment watcher could not judge orders; they are judged again on the next tick');
    }
    return reports;
  }
}
