// E-mail: messages are written to the outbox in the transaction of what they tell about, then sent by
// the mail job (MailSender) once across instances, with retries. Without an SMTP server they are kept
// in the Outbox for an operator to read, and each is logged in one line.
import type { FastifyBaseLogger } from 'fastify';
import { HIDDEN_LINK_SECRET, type OutboxMail, type OutboxMailDetail } from '@/contracts/mail';
import type { Db, Queryable } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { getContent } from '../content/content.service';
import { getLogo, logoForMail } from '../content/logo.service';
import { getSaleSettings } from '../sale/sale.service';
import { holdsLinkSecret, withoutLinkSecrets } from '../../secret-token';
import { claimDueMails, findMail, findMailPage, findQueuedKeys, insertMail, insertMailsOnce, requeueMail, settleMail, storeRendered, type MailRow, type NewMail } from './mail.repository';
import { LOGO_CID, type MailContext, type RenderedMail } from './templates/message';
import { ORDER_MAIL_KINDS, orderMailSubject, QR_CID, type OrderMailData, type OrderMailKind } from './templates/order-subject';

/**
 * A template that loads with the first message it renders. The templates bring React and
 * @react-email (~30 MB of a server's memory once loaded): a server that has sent no mail yet does
 * not hold them (decision 043).
 */
function onFirstUse<Args extends unknown[]>(load: () => Promise<(...args: Args) => Promise<RenderedMail>>): (...args: Args) => Promise<RenderedMail> {
  return async (...args) => (await load())(...args);
}

// The messages other modules queue: the mail module's templates are reached through this file.
export const passwordResetMail = onFirstUse(async () => (await import('./templates/account')).passwordResetMail);
export const verifyEmailMail = onFirstUse(async () => (await import('./templates/account')).verifyEmailMail);
export const emailChangeMail = onFirstUse(async () => (await import('./templates/account')).emailChangeMail);
export const emailChangeRequestedMail = onFirstUse(async () => (await import('./templates/account')).emailChangeRequestedMail);
export const passwordChangedMail = onFirstUse(async () => (await import('./templates/account')).passwordChangedMail);
export const twoFactorChangedMail = onFirstUse(async () => (await import('./templates/account')).twoFactorChangedMail);
export const reviewNoticeMail = onFirstUse(async () => (await import('./templates/operator-notifications')).reviewNoticeMail);
export type { ReviewNotice } from './templates/operator-notifications';
export type { OrderMailData, OrderMailKind } from './templates/order-subject';
export const drawWonMail = onFirstUse(async () => (await import('./templates/draw')).drawWonMail);
export const countryRefusedMail = onFirstUse(async () => (await import('./templates/eligibility')).countryRefusedMail);
export const identityApprovedMail = onFirstUse(async () => (await import('./templates/identity')).identityApprovedMail);
export const identityRejectedMail = onFirstUse(async () => (await import('./templates/identity')).identityRejectedMail);
export const receivingWalletChangedMail = onFirstUse(async () => (await import('./templates/wallet')).receivingWalletChangedMail);
export const walletChangeDecidedMail = onFirstUse(async () => (await import('./templates/wallet')).walletChangeDecidedMail);
export const walletChangeRequestedMail = onFirstUse(async () => (await import('./templates/wallet')).walletChangeRequestedMail);
export const withdrawalRequestedMail = onFirstUse(async () => (await import('./templates/withdrawal')).withdrawalRequestedMail);
export const withdrawalCompletedMail = onFirstUse(async () => (await import('./templates/withdrawal')).withdrawalCompletedMail);
export const withdrawalDeclinedMail = onFirstUse(async () => (await import('./templates/withdrawal')).withdrawalDeclinedMail);
export type { WithdrawalMailOrder } from './templates/withdrawal';
const orderMail = onFirstUse(async () => (await import('./templates/order')).orderMail);

/**
 * The name to greet a buyer by: theirs once their address is verified, none before (anyone can
 * register someone else's address, and the name they type must not be mailed to it).
 */
export const greetingName = (user: { name: string; emailVerifiedAt: Date | null }): string | null => (user.emailVerifiedAt ? user.name : null);

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
  /** Images the HTML shows by content id (cid:…). */
  attachments?: { filename: string; content: Buffer; cid: string; contentType: string }[];
}

/** Sends one message; throws with the server's answer when it is refused. */
export type MailTransport = (envelope: Envelope) => Promise<void>;

const HEADER_BREAK = /[\r\n]/;

/**
 * A single-use link's secret (reset and verification links carry `token=`). Those secrets are stored
 * only as hashes; the outbox's copy of the message keeps the live link only until it is sent, so
 * nobody reading the Outbox (or the database) later can use it.
 */
const REMOVED_SECRET = 'removed-once-sent';
const withoutSecrets = (part: string) => withoutLinkSecrets(part, REMOVED_SECRET);

/**
 * Queues a message in the caller's transaction. Header values never carry line breaks (a name or
 * address with one is refused here, whatever checked it before).
 */
export async function queueMail(tx: Queryable, message: { kind: string; to: string; userId: number | null } & RenderedMail, now = new Date()): Promise<MailRow> {
  if (HEADER_BREAK.test(message.to) || HEADER_BREAK.test(message.subject)) throw new Error('an e-mail header value holds a line break');
  const mail: NewMail = { kind: message.kind, toAddress: message.to, userId: message.userId, subject: message.subject, html: message.html, text: message.text };
  return insertMail(tx, mail, now);
}

/** An order message to queue: rendered when sent, from `data`; once per dedupe key (its event). */
export interface OrderMailDraft {
  kind: OrderMailKind;
  to: string;
  userId: number;
  data: OrderMailData;
  dedupeKey: string;
}

/** Queues the drafts whose events have no message yet; returns how many were queued. */
export async function queueOrderMails(db: Queryable, drafts: OrderMailDraft[], now = new Date()): Promise<number> {
  for (const d of drafts) if (HEADER_BREAK.test(d.to)) throw new Error('an e-mail header value holds a line break');
  return insertMailsOnce(
    db,
    drafts.map((d) => ({ kind: d.kind, toAddress: d.to, userId: d.userId, subject: orderMailSubject(d.kind, d.data).replace(/[\r\n]+/g, ' '), html: null, text: null, data: d.data, dedupeKey: d.dedupeKey })),
    now,
  );
}

/** Queues rendered messages once per dedupe key (their event); returns how many were queued. */
export async function queueMailsOnce(db: Queryable, mails: ({ kind: string; to: string; userId: number | null; dedupeKey: string } & RenderedMail)[], now = new Date()): Promise<number> {
  for (const m of mails) if (HEADER_BREAK.test(m.to) || HEADER_BREAK.test(m.subject)) throw new Error('an e-mail header value holds a line break');
  return insertMailsOnce(
    db,
    mails.map((m) => ({ kind: m.kind, toAddress: m.to, userId: m.userId, subject: m.subject, html: m.html, text: m.text, data: null, dedupeKey: m.dedupeKey })),
    now,
  );
}

/** Which of these events have their message already. */
export function queuedMailKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  return findQueuedKeys(db, keys);
}

const isOrderMailKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/** The sale's name, the app's address and the support contact, for every message's layout. */
export async function mailContext(db: Queryable, publicUrl: string): Promise<MailContext> {
  const [sale, content, logo] = await Promise.all([getSaleSettings(db), getContent(db), getLogo(db)]);
  return { saleName: sale.tokenName, logo: logo.logo !== null, publicUrl, supportContact: content.supportContact };
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

/** Whether the operator sees the live links of messages not sent yet (Owners), or their secrets hidden. */
export type LinkView = 'live' | 'hidden';

const shown = (part: string, view: LinkView) => (view === 'live' ? part : withoutLinkSecrets(part, HIDDEN_LINK_SECRET));

function toDetail(row: MailRow, view: LinkView): OutboxMailDetail {
  const text = shown(row.text ?? '', view);
  return { ...toOutboxMail(row), text, links: linksOf(text) };
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

export async function outboxDetail(db: Queryable, id: number, view: LinkView): Promise<OutboxMailDetail> {
  return toDetail(await outboxMail(db, id), view);
}

/**
 * A message's HTML as the Outbox shows it: the images it names by content id (the logo, a payment
 * QR code) put in place as data URLs, since no mail client is there to attach them.
 */
type Attachment = NonNullable<Envelope['attachments']>[number];

/** The images a message's HTML names by content id: the sale's logo, an order's payment QR code. */
async function imagesOf(db: Queryable, mail: MailRow, html: string): Promise<Attachment[]> {
  const images: Attachment[] = [];
  const data = mail.data as OrderMailData | null;
  // qrcode, like the templates, loads with the first message that needs it.
  if (data && html.includes(`cid:${QR_CID}`)) images.push({ filename: 'payment-qr.png', content: await (await import('qrcode')).default.toBuffer(data.paymentUri, { width: 360, margin: 1 }), cid: QR_CID, contentType: 'image/png' });
  if (html.includes(`cid:${LOGO_CID}`)) {
    const logo = await logoForMail(db);
    if (logo) images.push({ filename: `logo.${logo.mime.slice('image/'.length)}`, content: logo.data, cid: LOGO_CID, contentType: logo.mime });
  }
  return images;
}

/**
 * A message's HTML as the Outbox shows it: the images it names by content id put in place as data
 * URLs, since no mail client is there to attach them.
 */
export async function outboxHtml(db: Queryable, id: number, view: LinkView): Promise<string | null> {
  const mail = await outboxMail(db, id);
  if (mail.html === null) return null;
  let html = shown(mail.html, view);
  for (const image of await imagesOf(db, mail, html)) html = html.replaceAll(`cid:${image.cid}`, `data:${image.contentType};base64,${image.content.toString('base64')}`);
  return html;
}

export async function resendMail(db: Queryable, id: number, view: LinkView, now = new Date()): Promise<OutboxMailDetail> {
  if ((await outboxMail(db, id)).text?.includes(`token=${REMOVED_SECRET}`)) {
    throw conflict('This message held a single-use link, removed once it was sent: the buyer can ask for a new one.');
  }
  const row = await requeueMail(db, id, now);
  if (!row) {
    await outboxMail(db, id);
    throw conflict('This message is being sent right now.');
  }
  return toDetail(row, view);
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
    private readonly options: { from: string; publicUrl: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The message's parts, rendering (and keeping) those of a message queued as data; and its images. */
  private async partsOf(mail: MailRow): Promise<{ html: string; text: string; attachments: Attachment[] }> {
    let parts = mail.html !== null && mail.text !== null ? { html: mail.html, text: mail.text } : null;
    if (!parts) {
      const data = mail.data as OrderMailData | null;
      if (!data || !isOrderMailKind(mail.kind)) throw new Error(`message ${String(mail.id)} has neither parts nor data to render`);
      parts = await orderMail(mail.kind, await mailContext(this.db, this.options.publicUrl), data);
      await storeRendered(this.db, mail.id, parts.html, parts.text);
    }
    return { html: parts.html, text: parts.text, attachments: await imagesOf(this.db, mail, parts.html) };
  }

  get sending(): boolean {
    return this.transport !== null;
  }

  async sendDue(now = new Date()): Promise<SendReport> {
    const report: SendReport = { sent: 0, retrying: 0, failed: 0, kept: 0 };
    const claimed = await this.db.transaction((tx) => claimDueMails(tx, now, BATCH, LEASE_MS));
    for (const mail of claimed) {
      let parts: Awaited<ReturnType<MailSender['partsOf']>>;
      try {
        parts = await this.partsOf(mail);
      } catch (error) {
        const answer = error instanceof Error ? error.message : String(error);
        this.log.error({ mailId: mail.id, err: error }, 'e-mail could not be rendered');
        await settleMail(this.db, mail.id, mail.attempts, { state: 'failed', lastError: `Not rendered: ${answer}` }, now);
        report.failed++;
        continue;
      }
      if (!this.transport) {
        this.log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject }, 'e-mail not sent (no SMTP_URL): kept in the Outbox');
        await settleMail(this.db, mail.id, mail.attempts, { state: 'kept' }, now);
        report.kept++;
        continue;
      }
      try {
        await this.transport({ from: this.options.from, to: mail.toAddress, subject: mail.subject, ...parts });
        if (holdsLinkSecret(parts.text)) await storeRendered(this.db, mail.id, withoutSecrets(parts.html), withoutSecrets(parts.text));
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
