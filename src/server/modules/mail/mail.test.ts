// E-mail over a real SMTP server on loopback: the password reset from request to new password, the
// outbox's retries when the server refuses, two instances sending each message once, and the Outbox
// an operator reads when no server is set.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_REQUESTED, VERIFY_BEFORE_ORDERING, VERIFY_LINK_INVALID, type OutboxMailDetail } from '@/contracts/mail';
import { buildApp } from '../../app';
import { cryptos, mailOutbox, orders, passwordResets, saleSettings } from '../../db/schema';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { MAX_ATTEMPTS, queueMail } from './mail.service';

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
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
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
});

describe(`verified addresses (${databaseKind})`, () => {
  const t = useSmtpApp();

  const verifyLink = (text: string | undefined) => /https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

  it('mails a link at registration; the operator may require it before ordering; a new address needs a new link', async () => {
    const buyer = await registerBuyer(t.app);
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: buyer.cookie } })).json<{ emailVerified: boolean; email: string }>();
    const order = () => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '300' } });
    expect((await me()).emailVerified).toBe(false);
    await t.app.mailSend.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toMatch(/^Verify your e-mail address for /);
    const token = verifyLink(mail?.text);

    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    await t.database.db.update(saleSettings).set({ requireVerifiedEmail: true });
    t.app.saleFigures.invalidate();
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: VERIFY_BEFORE_ORDERING } });

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.json()).toEqual({ email: 'ada@example.com' });
    expect((await me()).emailVerified).toBe(true);
    expect((await order()).statusCode).toBe(201);
    // Opened again once verified, the link says so; a mistyped one is refused.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).json()).toEqual({ email: 'ada@example.com' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: `${token.slice(0, -2)}xx` } })).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });
    const already = await t.app.inject({ method: 'POST', url: '/api/me/verify-email', cookies: { presale_session: buyer.cookie }, payload: {} });
    expect(already.json()).toEqual({ message: 'Your address is verified already.' });

    // A new address is unverified, and gets its own link.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      cookies: { presale_session: buyer.cookie },
      payload: { name: 'Ada Lovelace', email: 'ada@new.example.com', phone: '', currentPassword: 'correct horse battery' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ email: 'ada@new.example.com', emailVerified: false });
    // The old address's link proves nothing about the new one.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).json()).toMatchObject({ error: { message: VERIFY_LINK_INVALID } });
    await t.app.mailSend.runOnce();
    const [, second] = await smtp.waitFor(2);
    expect(second?.to && !Array.isArray(second.to) ? second.to.text : '').toBe('ada@new.example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verifyLink(second?.text) } })).statusCode).toBe(200);
    expect((await me()).emailVerified).toBe(true);
  });
});

describe(`the Outbox without an SMTP server (${databaseKind})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'http://sale.example.com' });

  it('keeps every message readable with its links, and serves its HTML in a sandbox', async () => {
    const operator = await signInOperator(t.app, t.database);
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
    // Buyers never read the Outbox.
    const buyer = await registerBuyer(t.app, { email: 'eve@example.com' });
    await t.database.db.delete(mailOutbox); // the registration's verification link is not what these tests read
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', cookies: { presale_session: buyer.cookie } })).statusCode).toBe(401);
  });
});
