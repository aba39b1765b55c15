// Deletes identity documents once their retention period has passed (decision 041), each deletion
// audited. Runs with the cleanup's interval, once per interval across instances.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Identity } from '../modules/identity/identity.service';
import { IntervalJob } from './interval-job';

export class IdentityRetentionJob extends IntervalJob<number | null> {
  constructor(
    db: Db,
    private readonly identity: Pick<Identity, 'deleteExpiredDocuments'>,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'identity-retention', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<number | null> {
    try {
      const checks = await this.identity.deleteExpiredDocuments(now);
      if (checks > 0) this.log.info({ checks }, 'deleted identity documents past their retention');
      return checks;
    } catch (error) {
      this.log.error({ err: error }, 'identity retention failed');
      return null;
    }
  }
}
