// Queues the order messages of orders changed since the last run, then sends queued e-mail, once per
// interval across instances (MailSender also claims each message, so an overlapping run elsewhere
// never sends one twice, and order messages are queued once per event).
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import type { MailSender, SendReport } from '../modules/mail/mail.service';
import type { OrderMail } from '../modules/orders/order-mail.service';
import { IntervalJob } from './interval-job';

export class MailSendJob extends IntervalJob<SendReport | null> {
  constructor(
    db: Queryable,
    private readonly sender: MailSender,
    private readonly orderMail: OrderMail,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super(db, 'mail-send', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<SendReport | null> {
    try {
      await this.orderMail.queueChanged(now);
      return await this.sender.sendDue(now);
    } catch (error) {
      this.log.error({ err: error }, 'e-mail sending failed');
      return null;
    }
  }
}
