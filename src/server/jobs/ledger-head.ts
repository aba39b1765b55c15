// Records the ledger's head once per UTC day (issue 16): /transparency lists these daily heads, so
// anyone who saved one can later check that the chain still runs through it. The job runs every
// quarter hour across instances; the first run of each UTC day records that day's head (the head
// as it stands then), and the rest of the day's runs find it recorded and change nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { recordDailyHead } from '../modules/transparency/transparency.service';
import { IntervalJob } from './interval-job';

export const LEDGER_HEAD_INTERVAL_MS = 15 * 60 * 1000;

export class LedgerHeadJob extends IntervalJob<boolean | null> {
  constructor(db: Queryable, intervalMs: number, log: FastifyBaseLogger) {
    super(db, 'ledger-head', intervalMs, log);
  }

  /** True when it recorded today's head; false when it was recorded already or the ledger is empty. */
  async runOnce(now = new Date()): Promise<boolean | null> {
    try {
      const recorded = await recordDailyHead(this.db, now);
      if (recorded) this.log.info({ day: now.toISOString().slice(0, 10) }, 'recorded the ledger head of the day');
      return recorded;
    } catch (error) {
      this.log.error({ err: error }, 'recording the ledger head failed');
      return null;
    }
  }
}
