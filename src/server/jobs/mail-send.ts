// Sends queued e-mail once per interval across instances (MailSender also claims each message, so
// an overlapping run elsewhere never sends one twice).
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { MailSender, SendReport } from '../modules/mail/mail.service';
import { IntervalJob } from './interval-job';

export class MailSendJob extends IntervalJob<SendReport | null> {
  constructor(
    db: Queryable,
    private readonly sender: MailSender,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'mail-send', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<SendReport | null> {
    try {
      return await this.sender.sendDue(now);
    } catch (error) {
      this.log.error({ err: error }, 'e-mail sending failed');
      return null;
    }
  }
}
