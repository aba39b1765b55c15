// Queues the messages events call for (buyers' order messages, operators' notifications), then sends
// queued e-mail, once per interval across instances (MailSender also claims each message, so an
// overlapping run elsewhere never sends one twice, and event messages are queued once per event).
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { MailSender, SendReport } from '../modules/mail/mail.service';

/** Queues the messages of what happened since it last ran (once per event, whoever runs it). */
export interface MailSource {
  queueDue(now: Date): Promise<number>;
}
import { IntervalJob } from './interval-job';

export class MailSendJob extends IntervalJob<SendReport | null> {
  constructor(
    db: Queryable,
    private readonly sender: MailSender,
    private readonly sources: MailSource[],
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'mail-send', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<SendReport | null> {
    for (const source of this.sources) {
      // One source failing must not hold back what is queued already.
      await source.queueDue(now).catch((error: unknown) => this.log.error({ err: error }, 'e-mail could not be queued'));
    }
    try {
      return await this.sender.sendDue(now);
    } catch (error) {
      this.log.error({ err: error }, 'e-mail sending failed');
      return null;
    }
  }
}
