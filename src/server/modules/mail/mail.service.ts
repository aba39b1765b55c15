// E-mail: messages are written to the outbox in the transaction of what they tell about, then sent by
// the mail job (MailSender) once across instances, with retries. Without an SMTP server they are kept
// in the Outbox for an operator to read, and each is logged in one line.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMail, OutboxMailDetail } from '@/contracts/mail';
import type { Db, Queryable } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { getContent } from '../content/content.service';
import { getSaleSettings } from '../sale/sale.service';
import { claimDueMails, findMail, findMailPage, insertMail, requeueMail, settleMail, type MailRow, type NewMail } from './mail.repository';
import type { MailContext, RenderedMail } from './templates';

// The messages other modules queue: the mail module's templates are reached through this file.
export { passwordChangedMail, passwordResetMail } from './templates';

/** Attempts before a message is marked failed: 1, 2, 4 and 8 minutes apart. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
/** How long a sender may hold a message before another takes it again. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Where a message goes and what it is, as the transport needs it. */
export interface Envelope {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends one message; throws with the server's answer when it is refused. */
export type MailTransport = (envelope: Envelope) => Promise<void>;

const HEADER_BREAK = /[\r\n]/;

/**
 * Queues a message in the caller's transaction. Header values never carry line breaks (a name or
 * address with one is refused here, whatever checked it before).
 */
export async function queueMail(tx: Queryable, message: { kind: string; to: string; userId: number | null } & RenderedMail, now = new Date()): Promise<MailRow> {
  if (HEADER_BREAK.test(message.to) || HEADER_BREAK.test(message.subject)) throw new Error('an e-mail header value holds a line break');
  const mail: NewMail = { kind: message.kind, toAddress: message.to, userId: message.userId, subject: message.subject, html: message.html, text: message.text };
  return insertMail(tx, mail, now);
}

/** The sale's name, the app's address and the support contact, for every message's layout. */
export async function mailContext(db: Queryable, publicUrl: string): Promise<MailContext> {
  const [sale, content] = await Promise.all([getSaleSettings(db), getContent(db)]);
  return { saleName: sale.tokenName, publicUrl, supportContact: content.supportContact };
}

function toOutboxMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The http(s) links in a message's plain-text part, in order, once each. */
function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}

function toDetail(row: MailRow): OutboxMailDetail {
  return { ...toOutboxMail(row), text: row.text, links: linksOf(row.text) };
}

export async function outboxPage(db: Queryable, page: number, pageSize: number, sending: boolean) {
  const { rows, total } = await findMailPage(db, page, pageSize);
  return { mails: rows.map(toOutboxMail), total, page, pageSize, sending };
}

export async function outboxMail(db: Queryable, id: number): Promise<MailRow> {
  const row = await findMail(db, id);
  if (!row) throw notFound('This message does not exist.');
  return row;
}

export async function outboxDetail(db: Queryable, id: number): Promise<OutboxMailDetail> {
  return toDetail(await outboxMail(db, id));
}

export async function resendMail(db: Queryable, id: number, now = new Date()): Promise<OutboxMailDetail> {
  const row = await requeueMail(db, id, now);
  if (!row) {
    await outboxMail(db, id);
    throw conflict('This message is being sent right now.');
  }
  return toDetail(row);
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
}

/** Sends what is due, one message at a time; a failure is retried later and never loses the message. */
export class MailSender {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  get sending(): boolean {
    return this.transport !== null;
  }

  async sendDue(now = new Date()): Promise<SendReport> {
    const report: SendReport = { sent: 0, retrying: 0, failed: 0, kept: 0 };
    const claimed = await this.db.transaction((tx) => claimDueMails(tx, now, BATCH, LEASE_MS));
    for (const mail of claimed) {
      if (!this.transport) {
        this.log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject }, 'e-mail not sent (no SMTP_URL): kept in the Outbox');
        await settleMail(this.db, mail.id, mail.attempts, { state: 'kept' }, now);
        report.kept++;
        continue;
      }
      try {
        await this.transport({ from: this.from, to: mail.toAddress, subject: mail.subject, html: mail.html, text: mail.text });
        await settleMail(this.db, mail.id, mail.attempts, { state: 'sent' }, new Date());
        report.sent++;
      } catch (error) {
        const answer = error instanceof Error ? error.message : String(error);
        const last = mail.attempts >= MAX_ATTEMPTS;
        this.log.warn({ mailId: mail.id, attempt: mail.attempts, error: answer }, last ? 'e-mail failed: no more attempts' : 'e-mail not sent: will retry');
        await settleMail(
          this.db,
          mail.id,
          mail.attempts,
          last ? { state: 'failed', lastError: answer } : { state: 'queued', lastError: answer, nextAttemptAt: new Date(now.getTime() + RETRY_BASE_MS * 2 ** (mail.attempts - 1)) },
          now,
        );
        if (last) report.failed++;
        else report.retrying++;
      }
    }
    return report;
  }
}
