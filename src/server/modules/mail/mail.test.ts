// E-mail over a real SMTP server on loopback: the password reset from request to new password, the
// outbox's retries when the server refuses, two instances sending each message once, and the Outbox
// an operator reads when no server is set.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TAKEN, NOTIFY_NEEDS_EMAIL, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_REQUESTED, VERIFY_BEFORE_ORDERING, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID, type OutboxMailDetail } from '@/contracts/mail';
import QRCode from 'qrcode';
import { buildApp } from '../../app';
import { accountKeys, cryptos, depositAddresses, emailVerifications, mailOutbox, orders, passwordResets, payments, saleSettings, users, withdrawalRequests } from '../../db/schema';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { MAX_ATTEMPTS, queueMail } from './mail.service';
import { findOrdersChangedAfter } from '../orders/order-mail.repository';

const NEW_PASSWORD = 'a fresh harbour lantern 42';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

/** A test app that sends to the loopback SMTP server, which starts each test empty and answering. */
function useSmtpApp(settings: Record<string, string> = {}) {
  // The server's port is known once it started: the app is built at the first test, after this.
  const env: Record<string, string> = { PUBLIC_URL: 'http://sale.example.com', ...settings };
  const t = useTestApp(env);
  beforeAll(() => {
    env.SMTP_URL = smtp.url;
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.up();
  });
  return t;
}

/** The reset link in a message's plain-text part. */
function linkIn(text: string | undefined): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text ?? '');
  if (!match) throw new Error(`no reset link in: ${text ?? ''}`);
  return new URL(match[0]);
}

describe(`password reset by e-mail (${databaseKind})`, () => {
  const t = useSmtpApp({ RESET_LIMIT_PER_ADDRESS: '3', MAIL_FROM: 'Presale <sale@example.com>' });

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  // The answer comes before the link is made (its timing must not tell whether the account exists).
  const queued = (n: number) => expect.poll(async () => (await t.database.db.select().from(mailOutbox)).length).toBe(n);
  const reset = (token: string, password = NEW_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, confirmPassword: password } });
  const session = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { presale_session: cookie } })).json<{ buyer: unknown }>().buyer;

  it('answers alike for unknown addresses, mails a working single-use link, ends every session, and confirms', async () => {
    const buyer = await registerBuyer(t.app, { name: '<b>Ada</b> Lovelace' });
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    // A verified address is greeted by name (an unverified one is not: account-security.test.ts).
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id));
    const unknown = await forgot('nobody@example.com');
    const known = await forgot('ADA@example.com');
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED });
    expect(known.body).toBe(unknown.body);
    await queued(1);

    await t.app.mailSend.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail?.from?.value).toEqual([{ name: 'Presale', address: 'sale@example.com' }]);
    expect(mail?.subject).toMatch(/^Reset your .+ password$/);
    expect(mail?.html).toContain('Set a new password');
    // What the buyer typed is escaped, never markup.
    expect(mail?.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Ada</b>');
    const link = linkIn(mail?.text);
    expect(link.origin + link.pathname).toBe('http://sale.example.com/reset-password');
    const token = link.searchParams.get('token') ?? '';
    // Only the token's hash is stored.
    const [stored] = await t.database.db.select().from(passwordResets);
    expect(stored?.tokenHash).not.toContain(token);
    // Once sent, the outbox's copy no longer holds the live link either, and cannot be sent again.
    const [sentCopy] = await t.database.db.select().from(mailOutbox);
    expect(`${sentCopy?.text ?? ''}${sentCopy?.html ?? ''}`).not.toContain(token);
    expect(sentCopy?.text).toContain('/reset-password?token=removed-once-sent');
    const operator = await signInOperator(t.app, t.database);
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${String(sentCopy?.id)}/resend`, cookies: { presale_operator_session: operator } });
    expect(resend.statusCode).toBe(409);

    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: { fields: { password: expect.any(String) as unknown } } });
    expect((await reset(token)).statusCode).toBe(200);
    expect(await session(buyer.cookie)).toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ada@example.com', password: NEW_PASSWORD } });
    expect(login.statusCode).toBe(200);

    const again = await reset(token, 'another quiet river 77');
    expect(again.json()).toMatchObject({ error: { message: RESET_LINK_INVALID } });

    await t.app.mailSend.runOnce();
    const [, confirmation] = await smtp.waitFor(2);
    expect(confirmation?.subject).toMatch(/password was changed$/);
    expect(confirmation?.text).toContain('http://sale.example.com/login');
  });

  it('refuses an expired link, and a newer link replaces an older one', async () => {
    await registerBuyer(t.app);
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    await forgot('ada@example.com');
    await queued(1);
    await forgot('ada@example.com');
    await queued(2);
    await t.app.mailSend.runOnce();
    const [first, second] = await smtp.waitFor(2);
    expect((await reset(linkIn(first?.text).searchParams.get('token') ?? '')).json()).toMatchObject({ error: { message: RESET_LINK_INVALID } });
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(linkIn(second?.text).searchParams.get('token') ?? '')).json()).toMatchObject({ error: { message: RESET_LINK_EXPIRED } });
  });

  it('limits requests per address, known or not', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('someone@example.com')).statusCode).toBe(200);
    expect((await forgot('someone@example.com')).statusCode).toBe(429);
    expect((await forgot('other@example.com')).statusCode).toBe(200);
  });

  it('refuses a header value with a line break', async () => {
    await expect(queueMail(t.database.db, { kind: 'test', to: 'a@example.com\r\nBcc: victim@example.com', userId: null, subject: 'Hi', html: '<p>x</p>', text: 'x' })).rejects.toThrow(/line break/);
    await expect(queueMail(t.database.db, { kind: 'test', to: 'a@example.com', userId: null, subject: 'Hi\nBcc: victim@example.com', html: '<p>x</p>', text: 'x' })).rejects.toThrow(/line break/);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('keeps a message the server refuses, retries it, shows it failed, and sends it when resent', async () => {
    const operator = await signInOperator(t.app, t.database);
    await registerBuyer(t.app);
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    await forgot('ada@example.com');
    await queued(1);
    smtp.down();
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await t.app.mailSend.runOnce(new Date(now));
      expect(report).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      // Not due again before its backoff.
      expect(await t.app.mailSend.runOnce(new Date(now + 1000))).toMatchObject({ retrying: 0, failed: 0, sent: 0 });
      now += 2 ** attempt * 60_000;
    }
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(row?.lastError).toContain('451');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', cookies: { presale_operator_session: operator } });
    expect(listed.json()).toMatchObject({ sending: true, total: 1, mails: [{ state: 'failed', to: 'ada@example.com', lastError: expect.stringContaining('451') as unknown }] });

    smtp.up();
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${String(row?.id)}/resend`, cookies: { presale_operator_session: operator } });
    expect(resent.json<OutboxMailDetail>()).toMatchObject({ state: 'queued', attempts: 0 });
    await t.app.mailSend.runOnce();
    await smtp.waitFor(1);
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row?.id ?? 0)))[0]?.state).toBe('sent');
  });

  it('sends each message once when two instances send at the same moment', async () => {
    const second = await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' });
    try {
      await second.ready();
      await registerBuyer(t.app);
      await registerBuyer(t.app, { email: 'grace@example.com', name: 'Grace Hopper' });
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
      for (let i = 0; i < 3; i++) {
        await forgot('ada@example.com');
        await forgot('grace@example.com');
      }
      await queued(6);
      await Promise.all([t.app.mailSend.runOnce(), second.mailSend.runOnce(), t.app.mailSend.runOnce()]);
      await smtp.waitFor(6);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toHaveLength(6);
      expect((await t.database.db.select().from(mailOutbox)).map((m) => m.state)).toEqual(Array(6).fill('sent'));
    } finally {
      await second.close();
    }
  });
});

describe(`order messages (${databaseKind})`, () => {
  const t = useSmtpApp();

  it('mails an order placed with its QR code, the approval with the balance, a rejection with its note, once each; updates can be turned off', async () => {
    const operator = await signInOperator(t.app, t.database);
    const admin = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, cookies: { presale_operator_session: operator }, payload });
    // The first run starts the clock: what changed before it is not mailed.
    await t.app.mailSend.runOnce();
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app);
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    const buy = async () => (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '300' } })).json<{ id: string }>().id;
    const rowId = async (publicId: string) => (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId)))[0]?.id ?? 0;

    const first = await buy();
    await t.app.mailSend.runOnce();
    const [placed] = await smtp.waitFor(1);
    expect(placed?.subject).toBe(`Order ${first}: send 0.001 ETH`);
    expect(placed?.text).toContain('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(placed?.text).toContain(`http://sale.example.com/dashboard/transaction?order=${first}`);
    expect(placed?.attachments.map((a) => [a.contentType, a.cid])).toEqual([['image/png', 'payment-qr@presale']]);
    // mailparser puts an attachment in place of the cid: reference that names it.
    expect(placed?.html).toContain('src="data:image/png;base64,');

    expect((await admin(`/api/admin/orders/${String(await rowId(first))}/approve`, { note: 'seen on chain' })).statusCode).toBe(200);
    await t.app.mailSend.runOnce();
    await t.app.mailSend.runOnce();
    const [, approved] = await smtp.waitFor(2);
    expect(approved?.subject).toMatch(new RegExp(`^Order ${first} approved: 300 \\S+ credited$`));
    expect(approved?.text).toMatch(/Your balance: 321 \S+ \(level Silver\)/);

    // Order updates off: no message for a new order, but the decision still comes.
    const off = await t.app.inject({ method: 'PUT', url: '/api/me/mail-preferences', cookies: { presale_session: buyer.cookie }, payload: { orderUpdates: false } });
    expect(off.json()).toMatchObject({ orderUpdates: false });
    const second = await buy();
    await t.app.mailSend.runOnce();
    expect(await admin(`/api/admin/orders/${String(await rowId(second))}/reject`, { note: 'No payment arrived.' })).toMatchObject({ statusCode: 200 });
    await t.app.mailSend.runOnce();
    const [, , rejected] = await smtp.waitFor(3);
    expect(rejected?.subject).toBe(`Order ${second} was rejected`);
    expect(rejected?.text).toContain('No payment arrived.');
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received).toHaveLength(3);
    expect((await t.database.db.select().from(mailOutbox)).map((m) => m.kind).sort()).toEqual(['order-approved', 'order-created', 'order-rejected']);
  });

  it('reads an order again only until the messages its state calls for are queued', async () => {
    const operator = await signInOperator(t.app, t.database);
    await t.app.mailSend.runOnce();
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app);
    const placed = (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '300' } })).json<{ id: string }>().id;
    const unmailed = async () => (await findOrdersChangedAfter(t.database.db, { at: new Date(0), id: 0 }, 10)).map((c) => [c.order.publicId, c.order.status]);

    expect(await unmailed()).toEqual([[placed, 'pending']]);
    await t.app.mailSend.runOnce();
    expect(await unmailed()).toEqual([]);
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, placed));
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${String(row?.id)}/approve`, cookies: { presale_operator_session: operator }, payload: { note: '' } });
    expect(approved.statusCode).toBe(200);
    // A new state calls for a new message: the order is read again, once.
    expect(await unmailed()).toEqual([[placed, 'approved']]);
    await t.app.mailSend.runOnce();
    expect(await unmailed()).toEqual([]);
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, buyer.id))).map((m) => m.kind).filter((k) => k.startsWith('order-')).sort()).toEqual(['order-approved', 'order-created']);
  });
});

describe(`operators' notifications (${databaseKind})`, () => {
  const t = useSmtpApp();

  it('tells an operator once of each payment or withdrawal to review from the moment they ask, and again when it waited an hour', async () => {
    const operator = await signInOperator(t.app, t.database);
    const cookies = { presale_operator_session: operator };
    const settings = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/admin/notifications', cookies, payload });
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app);
    const buy = async () => (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '300' } })).json<{ id: string }>().id;
    const attach = (id: string, txHash: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/tx-hash`, cookies: { presale_session: buyer.cookie }, payload: { txHash } });
    const told = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ops@example.com')))
        .map((m) => m.subject)
        .sort();
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);

    // Told before turning on: not told of afterwards.
    const before = await buy();
    expect((await attach(before, `0x${'a'.repeat(64)}`)).statusCode).toBe(200);

    const refused = await settings({ email: '', review: true, waiting: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { fields: { email: NOTIFY_NEEDS_EMAIL } } });
    const saved = await settings({ email: 'ops@example.com', review: true, waiting: true });
    expect(saved.json()).toEqual({ email: 'ops@example.com', review: true, waiting: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/notifications', cookies })).json()).toEqual({ email: 'ops@example.com', review: true, waiting: true });

    // A hash attached to a manual order.
    const manual = await buy();
    expect((await attach(manual, `0x${'b'.repeat(64)}`)).statusCode).toBe(200);
    // A buyer's request to withdraw an approved order.
    const withdrawn = await buy();
    const withdrawnId = (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, withdrawn)))[0]?.id ?? 0;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${String(withdrawnId)}/approve`, cookies, payload: { note: '' } })).statusCode).toBe(200);
    await t.database.db.insert(withdrawalRequests).values({ orderId: withdrawnId, userId: buyer.id, requestedAt: new Date(), deadline: minutes(14 * 24 * 60) });
    // A watched order holding a confirmed payment the watcher did not approve, and an unallocated deposit.
    const watched = await buy();
    const [key] = await t.database.db.insert(accountKeys).values({ family: 'evm', xpub: 'xpub-for-this-test', nextIndex: 1 }).returning();
    const [address] = await t.database.db
      .insert(depositAddresses)
      .values({ keyId: key?.id ?? 0, userId: buyer.id, derivationIndex: 0, address: '0x1111111111111111111111111111111111111111' })
      .returning();
    await t.database.db.update(orders).set({ depositAddressId: address?.id ?? 0 }).where(eq(orders.publicId, watched));
    const [watchedRow] = await t.database.db.select().from(orders).where(eq(orders.publicId, watched));
    const payment = { chainId: 1, logIndex: 0, fromAddress: '0x2222222222222222222222222222222222222222', toAddress: '0x1111111111111111111111111111111111111111', value: '500000000000000', blockNumber: 10n, blockHash: `0x${'c'.repeat(64)}`, state: 'confirmed' as const };
    await t.database.db.insert(payments).values([
      { ...payment, txHash: `0x${'d'.repeat(64)}`, userId: buyer.id, orderId: watchedRow?.id ?? 0 },
      { ...payment, txHash: `0x${'e'.repeat(64)}`, userId: buyer.id },
    ]);

    // Right away, the watcher may still approve: nothing yet.
    await t.app.mailSend.runOnce();
    expect(await told()).toEqual([]);
    await t.app.mailSend.runOnce(minutes(3));
    await t.app.mailSend.runOnce(minutes(4));
    expect(await told()).toEqual(
      [`Payment to review: order ${manual} (0.001 ETH)`, `Payment to review: order ${watched} (0.001 ETH)`, 'Payment to review: an unallocated deposit', `Withdrawal to review: order ${withdrawn} (0.001 ETH)`].sort(),
    );
    const [notice] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Payment to review: order ${manual} (0.001 ETH)`));
    expect(notice?.text).toContain(`http://sale.example.com/admin/transactions?q=${manual}`);
    expect(notice?.text).toContain(`0x${'b'.repeat(64)}`);
    const [withdrawalNotice] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Withdrawal to review: order ${withdrawn} (0.001 ETH)`));
    expect(withdrawalNotice?.text).toContain('The buyer asked to withdraw this approved order.');
    expect(withdrawalNotice?.text).toContain('http://sale.example.com/admin/withdrawals');

    // Decided within the hour: no reminder for it; the others, and the one from before, wait on.
    const rowId = (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, manual)))[0]?.id ?? 0;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${String(rowId)}/approve`, cookies, payload: { note: '' } })).statusCode).toBe(200);
    await t.app.mailSend.runOnce(minutes(63));
    await t.app.mailSend.runOnce(minutes(64));
    const waiting = (await told()).filter((subject) => subject.startsWith('Still waiting'));
    expect(waiting).toEqual(
      [
        `Still waiting for review after 60 minutes: order ${before} (0.001 ETH)`,
        `Still waiting for review after 60 minutes: order ${watched} (0.001 ETH)`,
        'Still waiting for review after 60 minutes: an unallocated deposit',
        `Still waiting for review after 60 minutes: order ${withdrawn} (0.001 ETH)`,
      ].sort(),
    );

    // Turned off: nothing more, even for what is new.
    expect((await settings({ email: 'ops@example.com', review: false, waiting: false })).statusCode).toBe(200);
    const later = await buy();
    await attach(later, `0x${'f'.repeat(64)}`);
    await t.app.mailSend.runOnce(minutes(130));
    expect(await told()).toHaveLength(8);
    // What arrived over SMTP is what the outbox holds.
    await smtp.waitFor(1);
    await expect.poll(() => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'ops@example.com').length).toBe(8);
  });
});

describe(`verified addresses (${databaseKind})`, () => {
  const t = useSmtpApp();

  const verifyLink = (text: string | undefined) => /https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

  it('mails a link at registration, and the operator may require it before ordering', async () => {
    const buyer = await registerBuyer(t.app);
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: buyer.cookie } })).json<{ emailVerified: boolean; email: string }>();
    const order = () => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '300' } });
    expect((await me()).emailVerified).toBe(false);
    await t.app.mailSend.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toMatch(/^Verify your e-mail address for /);
    const token = verifyLink(mail?.text);

    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    await t.database.db.update(saleSettings).set({ requireVerifiedEmail: true });
    t.app.saleFigures.invalidate();
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: VERIFY_BEFORE_ORDERING } });

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.json()).toEqual({ email: 'ada@example.com', changed: false });
    expect((await me()).emailVerified).toBe(true);
    expect((await order()).statusCode).toBe(201);
    // Opened again once verified, the link says so; a mistyped one is refused.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).json()).toEqual({ email: 'ada@example.com', changed: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: `${token.slice(0, -2)}xx` } })).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });
    const already = await t.app.inject({ method: 'POST', url: '/api/me/verify-email', cookies: { presale_session: buyer.cookie }, payload: {} });
    expect(already.json()).toEqual({ message: 'Your address is verified already.' });

  });

  it('moves the account to a new address only when the link sent there is opened, and tells the old address', async () => {
    const buyer = await registerBuyer(t.app, { name: 'Ada <i>L</i>' });
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: buyer.cookie } })).json<{ emailVerified: boolean; email: string; pendingEmail: string | null }>();
    const change = (email: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { presale_session: buyer.cookie }, payload: { name: 'Ada <i>L</i>', email, phone: '', currentPassword: 'correct horse battery' } });
    const open = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } });
    await t.app.mailSend.runOnce();
    const [registration] = await smtp.waitFor(1);
    const firstLink = verifyLink(registration?.text);

    const asked = await change('ada@new.example.com');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: 'ada@example.com', pendingEmail: 'ada@new.example.com', emailVerified: false });
    await t.app.mailSend.runOnce();
    const [, link, notice] = await smtp.waitFor(3);
    const to = (m: typeof link) => (m?.to && !Array.isArray(m.to) ? m.to.text : '');
    expect([to(link), link?.subject]).toEqual(['ada@new.example.com', expect.stringMatching(/^Confirm your new e-mail address for /)]);
    expect([to(notice), notice?.subject]).toEqual(['ada@example.com', expect.stringMatching(/ e-mail address was requested$/)]);
    // The old address is told where the account would go, and where to withdraw it; names stay text.
    expect(notice?.text).toContain('ada@new.example.com');
    expect(notice?.text).toContain('http://sale.example.com/dashboard/profile');
    // The address was never verified: the name typed at registration is not mailed to it.
    expect(notice?.text).toContain('Hello,');
    expect(`${notice?.html ?? ''}${link?.html ?? ''}`).not.toContain('Ada');
    // Until the link is opened, the account signs in with the old address only.
    expect((await signIn('ada@new.example.com')).statusCode).toBe(401);
    expect((await signIn('ada@example.com')).statusCode).toBe(200);

    const token = verifyLink(link?.text);
    expect((await open(token)).json()).toEqual({ email: 'ada@new.example.com', changed: true });
    expect(await me()).toMatchObject({ email: 'ada@new.example.com', emailVerified: true, pendingEmail: null });
    expect((await signIn('ada@new.example.com')).statusCode).toBe(200);
    expect((await signIn('ada@example.com')).statusCode).toBe(401);
    // Opened again it still says so; the verification link of the old address proves nothing now.
    expect((await open(token)).json()).toEqual({ email: 'ada@new.example.com', changed: true });
    expect((await open(firstLink)).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });
  });

  it('refuses a withdrawn, replaced, expired or since-taken change of address and changes nothing', async () => {
    const buyer = await registerBuyer(t.app);
    const cookies = { presale_session: buyer.cookie };
    const change = (email: string) => t.app.inject({ method: 'PATCH', url: '/api/me', cookies, payload: { name: 'Ada Lovelace', email, phone: '', currentPassword: 'correct horse battery' } });
    const open = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    // The links as they arrived (the outbox's copy loses its secret once sent).
    const linksTo = async (address: string) => {
      await t.app.mailSend.runOnce();
      await expect.poll(() => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address).length).toBeGreaterThan(0);
      const links = smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address).map((m) => verifyLink(m.text));
      expect(links.every((l) => l.length > 20)).toBe(true);
      return links;
    };

    // Withdrawn: the link stops working.
    expect((await change('one@example.com')).statusCode).toBe(200);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/me/email-change', cookies });
    expect(withdrawn.json()).toMatchObject({ email: 'ada@example.com', pendingEmail: null });
    const [one] = await linksTo('one@example.com');
    expect((await open(one ?? '')).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });

    // Replaced by a newer request: only the newest link works.
    expect((await change('two@example.com')).statusCode).toBe(200);
    expect((await change('three@example.com')).json()).toMatchObject({ pendingEmail: 'three@example.com' });
    const [two] = await linksTo('two@example.com');
    expect((await open(two ?? '')).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });

    // Expired.
    const [three] = await linksTo('three@example.com');
    await t.database.db.update(emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerifications.email, 'three@example.com'));
    expect((await open(three ?? '')).json()).toMatchObject({ error: { message: VERIFY_LINK_EXPIRED } });

    // Each request mails two people: a fourth within the hour is refused, and mails nobody.
    const queuedBefore = (await t.database.db.select().from(mailOutbox)).length;
    expect((await change('four@example.com')).statusCode).toBe(429);
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(queuedBefore);

    // Taken by another account between the request and the link.
    const other = await registerBuyer(t.app, { email: 'grace@example.com' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      cookies: { presale_session: other.cookie },
      payload: { name: 'Grace', email: 'four@example.com', phone: '', currentPassword: 'correct horse battery' },
    });
    expect(moved.statusCode).toBe(200);
    await registerBuyer(t.app, { email: 'FOUR@example.com' });
    const [four] = await linksTo('four@example.com');
    const taken = await open(four ?? '');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: EMAIL_CHANGE_TAKEN, fields: { token: EMAIL_CHANGE_TAKEN } } });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: other.cookie } })).json()).toMatchObject({ email: 'grace@example.com', pendingEmail: 'four@example.com' });
  });
});

describe(`the sale's logo in messages (${databaseKind})`, () => {
  const t = useSmtpApp();

  it('shows the logo an operator uploaded at the top of each message, attached by content id', async () => {
    const operator = await signInOperator(t.app, t.database);
    const png = await QRCode.toBuffer('logo', { width: 48 });
    const upload = await t.app.inject({ method: 'PUT', url: '/api/admin/content/logo', cookies: { presale_operator_session: operator }, payload: { image: `data:image/png;base64,${png.toString('base64')}` } });
    expect(upload.statusCode, upload.body).toBe(200);
    await registerBuyer(t.app);
    await t.app.mailSend.runOnce();
    const [mail] = await smtp.waitFor(1);
    // mailparser puts the attachment a cid: reference names in its place.
    expect(mail?.html).toContain(`src="data:image/png;base64,${png.toString('base64')}"`);
    const logo = mail?.attachments.find((a) => a.cid === 'logo@presale');
    expect([logo?.contentType, logo?.content.equals(png)]).toEqual(['image/png', true]);
  });
});

describe(`the Outbox without an SMTP server (${databaseKind})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'http://sale.example.com' });

  it('keeps every message readable with its links, and serves its HTML in a sandbox', async () => {
    const operator = await signInOperator(t.app, t.database);
    // With a logo, which the Outbox shows in place (no mail client attaches it there).
    const png = await QRCode.toBuffer('logo', { width: 48 });
    await t.app.inject({ method: 'PUT', url: '/api/admin/content/logo', cookies: { presale_operator_session: operator }, payload: { image: `data:image/png;base64,${png.toString('base64')}` } });
    await registerBuyer(t.app);
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ada@example.com' } });
    await expect.poll(async () => (await t.database.db.select().from(mailOutbox)).length).toBe(1);
    expect(await t.app.mailSend.runOnce()).toMatchObject({ kept: 1, sent: 0 });
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', cookies: { presale_operator_session: operator } });
    expect(page.json()).toMatchObject({ sending: false, mails: [{ state: 'kept', kind: 'password-reset' }] });
    const id = page.json<{ mails: { id: number }[] }>().mails[0]?.id ?? 0;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${String(id)}`, cookies: { presale_operator_session: operator } })).json<OutboxMailDetail>();
    expect(detail.links.some((l) => l.startsWith('http://sale.example.com/reset-password?token='))).toBe(true);
    const html = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${String(id)}/html`, cookies: { presale_operator_session: operator } });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox /);
    expect(html.body).toContain('Set a new password');
    expect(html.body).toContain(`src="data:image/png;base64,${png.toString('base64')}"`);
    expect(html.body).not.toContain('cid:');
    // Buyers never read the Outbox.
    const buyer = await registerBuyer(t.app, { email: 'eve@example.com' });
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', cookies: { presale_session: buyer.cookie } })).statusCode).toBe(401);
  });

  it('shows a Manager the messages with their single-use links hidden: a reset link read there would open the buyer’s account', async () => {
    const owner = await signInOperator(t.app, t.database);
    const manager = await signInOperator(t.app, t.database, 'manager', 'manager password 1', 'manager');
    await registerBuyer(t.app);
    await t.database.db.delete(mailOutbox);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ada@example.com' } });
    await expect.poll(async () => (await t.database.db.select().from(mailOutbox)).length).toBe(1);
    expect(await t.app.mailSend.runOnce()).toMatchObject({ kept: 1 });
    const [kept] = await t.database.db.select().from(mailOutbox);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(kept?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const as = (cookie: string, url: string, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url, cookies: { presale_operator_session: cookie } });
    const url = `/api/admin/outbox/${String(kept?.id)}`;

    const seen = (await as(manager, url)).json<OutboxMailDetail>();
    expect(seen.links).toContain('http://sale.example.com/reset-password?token=shown-to-owners-only');
    expect(JSON.stringify(seen)).not.toContain(token);
    expect((await as(manager, `${url}/html`)).body).not.toContain(token);
    // Resending answers with the message too.
    const resent = await as(manager, `${url}/resend`, 'POST');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.body).not.toContain(token);
    // An Owner reads the live link (without a mail server, the way to follow it).
    expect((await as(owner, url)).json<OutboxMailDetail>().links).toContain(`http://sale.example.com/reset-password?token=${token}`);
    expect((await as(owner, `${url}/html`)).body).toContain(token);
  });
});
