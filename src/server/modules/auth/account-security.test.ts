// Take-over paths and silent security changes (issue 28): a stranger who registered someone else's
// address loses what they set when the owner resets the password; security changes are mailed to the
// account's address; reset links end when the password or the address changes; an unverified address
// is greeted without the registration name; an Owner may reset a buyer's second factor.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '@/contracts/mail';
import { TOTP_CODE_REQUIRED, type Enrolment } from '@/contracts/two-factor';
import type { Me } from '@/contracts/auth';
import type { AdminWalletChange } from '@/contracts/distribution';
import { auditLog, mailOutbox, recoveryCodes, saleSettings, users } from '../../db/schema';
import { cookieValue, databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const COOKIE = 'presale_session';
const OP = 'presale_operator_session';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const NEW_PASSWORD = 'a fresh harbour lantern 42';
const codeAt = (secret: string, offset = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

describe(`account security (${databaseKind})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'http://sale.example.com', REGISTER_LIMIT_PER_IP: '100' });
  const db = () => t.database.db;

  /** The newest queued message of this kind. */
  const newest = async (kind: string) => {
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(desc(mailOutbox.id)).limit(1);
    if (!row) throw new Error(`no ${kind} message queued`);
    return row;
  };
  const tokenIn = (text: string | null, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1] ?? '';
  const askReset = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    // The answer comes before the link is made.
    await expect.poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'))).length).toBeGreaterThan(0);
    return tokenIn((await newest('password-reset')).text, '/reset-password');
  };
  const reset = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
  const turnOn = async (cookie: string) => {
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/me/two-factor/enrolment', cookies: { [COOKIE]: cookie } })).json<Enrolment>();
    const on = await t.app.inject({ method: 'POST', url: '/api/me/two-factor', cookies: { [COOKIE]: cookie }, payload: { code: codeAt(secret), password: REGISTRATION.password } });
    expect(on.statusCode, on.body).toBe(200);
    return { secret, recoveryCodes: on.json<{ recoveryCodes: string[] }>().recoveryCodes };
  };
  const setWallet = (cookie: string, address: string) => t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { [COOKIE]: cookie }, payload: { address, currentPassword: REGISTRATION.password } });
  const verified = (id: number) => db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));

  it('clears a stranger’s second factor and wallet when the owner of a never-verified address resets the password', async () => {
    const mallory = await registerBuyer(t.app, { name: 'Mallory Stranger', email: 'owner@example.com' });
    // Registration mails the unverified address without the name typed at registration.
    const verification = await newest('verify-email');
    expect(verification.text).toContain('Hello,');
    expect(`${verification.text ?? ''}${verification.html ?? ''}`).not.toContain('Mallory');
    await turnOn(mallory.cookie);
    expect((await setWallet(mallory.cookie, WALLET)).statusCode).toBe(200);

    const token = await askReset('owner@example.com');
    expect((await newest('password-reset')).text).not.toContain('Mallory');
    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);

    const [row] = await db().select().from(users).where(eq(users.id, mallory.id));
    expect(row).toMatchObject({ receivingWallet: null, totpSecret: null, totpEnabledAt: null });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db().select().from(recoveryCodes).where(and(eq(recoveryCodes.subjectId, mallory.id), eq(recoveryCodes.kind, 'buyer')))).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.unverified_reset'));
    expect(entry).toMatchObject({ entity: `user:${String(mallory.id)}`, before: { emailVerified: false, twoFactor: true, receivingWallet: WALLET }, after: { emailVerified: true, twoFactor: false, receivingWallet: null } });
    // The owner signs in with the new password alone.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@example.com', password: NEW_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('clears what a stranger set before the owner verified the address by the registration’s link', async () => {
    const mallory = await registerBuyer(t.app, { name: 'Mallory Stranger', email: 'proven@example.com' });
    await turnOn(mallory.cookie);
    expect((await setWallet(mallory.cookie, WALLET)).statusCode).toBe(200);
    // The owner opens the verification link the stranger's registration sent them, then resets the password.
    const opened = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: tokenIn((await newest('verify-email')).text, '/verify-email') } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await reset(await askReset('proven@example.com'))).statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, mallory.id));
    expect(row).toMatchObject({ receivingWallet: null, totpSecret: null, totpEnabledAt: null });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.unproven_settings_cleared'));
    expect(entry).toMatchObject({ entity: `user:${String(mallory.id)}`, before: { twoFactor: true, receivingWallet: WALLET }, after: { twoFactor: false, receivingWallet: null } });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'proven@example.com', password: NEW_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('keeps the second factor and wallet of a verified account through a reset', async () => {
    const ada = await registerBuyer(t.app, { email: 'kept@example.com' });
    await verified(ada.id);
    await turnOn(ada.cookie);
    expect((await setWallet(ada.cookie, WALLET)).statusCode).toBe(200);
    expect((await reset(await askReset('kept@example.com'))).statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, ada.id));
    expect(row?.receivingWallet).toBe(WALLET);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'kept@example.com', password: NEW_PASSWORD } });
    expect(signIn.json()).toMatchObject({ error: { fields: { code: TOTP_CODE_REQUIRED } } });
  });

  it('mails a password change in My Profile, greeting a verified address by name, and ends reset links sent before', async () => {
    const ada = await registerBuyer(t.app, { email: 'change@example.com' });
    await verified(ada.id);
    const token = await askReset('change@example.com');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { [COOKIE]: ada.cookie },
      payload: { currentPassword: REGISTRATION.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const mail = await newest('password-changed');
    expect(mail).toMatchObject({ toAddress: 'change@example.com', userId: ada.id });
    expect(mail.text).toContain(`Hello ${REGISTRATION.name},`);
    expect(mail.text).toContain('If you did not do this');
    const late = await reset(token);
    expect([late.statusCode, late.json<{ error: { fields: { token: string } } }>().error.fields.token]).toEqual([400, RESET_LINK_INVALID]);
  });

  it('ends reset links once a change of address is completed', async () => {
    const ada = await registerBuyer(t.app, { email: 'before@example.com' });
    const token = await askReset('before@example.com');
    const asked = await t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: ada.cookie }, payload: { name: REGISTRATION.name, email: 'after@example.com', phone: '', currentPassword: REGISTRATION.password } });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = await newest('email-change');
    // The new address is not proven yet: no name.
    expect(link.text).toContain('Hello,');
    expect(link.text).not.toContain(REGISTRATION.name);
    const opened = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: tokenIn(link.text, '/verify-email') } });
    expect(opened.json()).toMatchObject({ email: 'after@example.com', changed: true });
    expect((await reset(token)).json()).toMatchObject({ error: { fields: { token: RESET_LINK_INVALID } } });
  });

  /** Asks to move the account to `email` (the link goes there); returns the link's token. */
  const askChange = async (cookie: string, email: string) => {
    const asked = await t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookie }, payload: { name: REGISTRATION.name, email, phone: '', currentPassword: REGISTRATION.password } });
    expect(asked.statusCode, asked.body).toBe(200);
    return tokenIn((await newest('email-change')).text, '/verify-email');
  };
  const openLink = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const cookieOf = (res: Parameters<typeof cookieValue>[0]) => cookieValue(res, COOKIE) ?? '';
  const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

  it('withdraws a change of address asked before a password reset: a stranger’s kept link no longer moves the account', async () => {
    // A stranger registers the owner's address and asks to move the account to their own.
    const mallory = await registerBuyer(t.app, { email: 'hijacked@example.com' });
    const kept = await askChange(mallory.cookie, 'mallory@evil.example');
    // The owner takes the account back by resetting the password.
    expect((await reset(await askReset('hijacked@example.com'))).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'hijacked@example.com', password: NEW_PASSWORD } });
    const owner = cookieOf(me);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: owner } })).json<{ pendingEmail: string | null }>().pendingEmail).toBeNull();
    const opened = await openLink(kept);
    expect([opened.statusCode, opened.json<{ error: { fields: { token: string } } }>().error.fields.token]).toEqual([400, VERIFY_LINK_INVALID]);
    expect(await emailOf(mallory.id)).toBe('hijacked@example.com');
  });

  it('withdraws a change of address asked before a password change in My Profile', async () => {
    const ada = await registerBuyer(t.app, { email: 'stolen@example.com' });
    await verified(ada.id);
    // Someone with the stolen password asks to move the account; the owner changes the password.
    const kept = await askChange(ada.cookie, 'thief@evil.example');
    const changed = await t.app.inject({ method: 'POST', url: '/api/me/password', cookies: { [COOKIE]: ada.cookie }, payload: { currentPassword: REGISTRATION.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await openLink(kept)).statusCode).toBe(400);
    expect(await emailOf(ada.id)).toBe('stolen@example.com');
    // A change asked for after the new password still works.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'stolen@example.com', password: NEW_PASSWORD } });
    const after = await t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookieOf(signIn) }, payload: { name: REGISTRATION.name, email: 'moved@example.com', phone: '', currentPassword: NEW_PASSWORD } });
    expect(after.statusCode, after.body).toBe(200);
    expect((await openLink(tokenIn((await newest('email-change')).text, '/verify-email'))).json()).toMatchObject({ email: 'moved@example.com', changed: true });
  });

  it('withdraws a request for a new receiving wallet asked before a password reset or change: the sale team never sees it', async () => {
    const ada = await registerBuyer(t.app, { email: 'payout@example.com' });
    await verified(ada.id);
    expect((await setWallet(ada.cookie, WALLET)).statusCode).toBe(200);
    // The sale has ended: a new wallet is a request for the sale team.
    await db().update(saleSettings).set({ startsAt: new Date(Date.now() - 7 * 86_400_000), endsAt: new Date(Date.now() - 60_000) });
    t.app.saleFigures.invalidate();
    const operator = await signInOperator(t.app, t.database);
    const pending = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/wallet-changes', cookies: { [OP]: operator } })).json<{ changes: AdminWalletChange[] }>().changes.filter((c) => c.state === 'pending');

    // Someone with the password asks for their own wallet; the owner resets the password.
    expect((await setWallet(ada.cookie, OTHER)).json<Me>().walletRequest).toMatchObject({ address: OTHER, state: 'pending' });
    expect(await pending()).toHaveLength(1);
    expect((await reset(await askReset('payout@example.com'))).statusCode).toBe(200);
    expect(await pending()).toEqual([]);
    const signedIn = cookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'payout@example.com', password: NEW_PASSWORD } }));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: signedIn } })).json<Me>()).toMatchObject({ receivingWallet: WALLET, walletRequest: { address: OTHER, state: 'withdrawn' } });

    // Asked again, then the password changed in My Profile: withdrawn too.
    const again = await t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { [COOKIE]: signedIn }, payload: { address: OTHER, currentPassword: NEW_PASSWORD } });
    expect(again.json<Me>().walletRequest).toMatchObject({ state: 'pending' });
    const changed = await t.app.inject({ method: 'POST', url: '/api/me/password', cookies: { [COOKIE]: signedIn }, payload: { currentPassword: NEW_PASSWORD, newPassword: REGISTRATION.password, confirmPassword: REGISTRATION.password } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it('mails the receiving wallet when it is set and when it changes (old and new)', async () => {
    const ada = await registerBuyer(t.app, { email: 'wallets@example.com' });
    expect((await setWallet(ada.cookie, WALLET)).statusCode).toBe(200);
    const set = await newest('wallet-changed');
    expect(set).toMatchObject({ toAddress: 'wallets@example.com', subject: expect.stringMatching(/receiving wallet was set$/) as unknown });
    expect(set.text).toContain(WALLET);
    expect((await setWallet(ada.cookie, OTHER)).statusCode).toBe(200);
    const changed = await newest('wallet-changed');
    expect(changed.subject).toMatch(/receiving wallet was changed$/);
    expect(changed.text).toMatch(new RegExp(`Old wallet:[\\s\\S]*${WALLET}[\\s\\S]*New wallet:[\\s\\S]*${OTHER}`));
    expect(changed.text).toContain('If this was not you');
    // The same wallet again changes nothing and mails nothing.
    await setWallet(ada.cookie, OTHER);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'wallet-changed'))).toHaveLength(2);
  });

  it('mails two-factor sign-in turned on and off', async () => {
    const ada = await registerBuyer(t.app, { email: 'factor@example.com' });
    const { recoveryCodes: codes } = await turnOn(ada.cookie);
    const on = await newest('two-factor-on');
    expect(on).toMatchObject({ toAddress: 'factor@example.com' });
    expect(on.text).toContain('If this was not you');
    const off = await t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', cookies: { [COOKIE]: ada.cookie }, payload: { password: REGISTRATION.password, code: codes[0] ?? '' } });
    expect(off.statusCode, off.body).toBe(200);
    const offMail = await newest('two-factor-off');
    expect(offMail).toMatchObject({ toAddress: 'factor@example.com' });
    expect(offMail.text).toContain('If this was not you');
  });

  it('lets an Owner reset a buyer’s second factor from the back-office, audited, and tells the buyer', async () => {
    const ada = await registerBuyer(t.app, { email: 'lost-phone@example.com' });
    await turnOn(ada.cookie);
    const owner = await signInOperator(t.app, t.database);
    const before = await t.app.inject({ method: 'GET', url: `/api/admin/users/${String(ada.id)}`, cookies: { [OP]: owner } });
    expect(before.json()).toMatchObject({ twoFactor: true });
    const done = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${String(ada.id)}/two-factor`, cookies: { [OP]: owner } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ twoFactor: false, user: { id: ada.id } });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.two_factor_reset'));
    expect(entry).toMatchObject({ operatorLogin: 'operator', entity: `user:${String(ada.id)}`, before: { twoFactor: true }, after: { twoFactor: false } });
    expect((await newest('two-factor-off')).toAddress).toBe('lost-phone@example.com');
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lost-phone@example.com', password: REGISTRATION.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/users/999999/two-factor', cookies: { [OP]: owner } })).statusCode).toBe(404);
    // A Manager may not (the matrix gives it to Owners, with the password confirmed lately).
    const manager = await signInOperator(t.app, t.database, 'the-manager', 'manager password 1', 'manager');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${String(ada.id)}/two-factor`, cookies: { [OP]: manager } })).statusCode).toBe(403);
    expect(await db().select().from(users).where(and(eq(users.id, ada.id), isNull(users.totpEnabledAt)))).toHaveLength(1);
  });
});

describe(`link secrets and the log (${databaseKind})`, () => {
  const lines: string[] = [];
  const t = useTestApp({ PUBLIC_URL: 'http://sale.example.com' }, { logStream: { write: (line: string) => void lines.push(line) } });

  it('writes no reset or verification token to the log when a link is opened', async () => {
    const secret = 'kT3_s9-QfVYx2mWq8bLz0eRr4uNc7dHj1pAaGiKoMvE';
    for (const url of [`/reset-password?token=${secret}`, `/verify-email?token=${secret}&next=%2Fdashboard`, `/api/health?token=${secret}`]) {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url });
      const incoming = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).find((entry) => entry.msg === 'incoming request');
      // The line is still written, with where the request went.
      expect(incoming?.req?.url, url).toBe(url.replace(secret, 'hidden'));
      expect(lines.join('\n')).not.toContain(secret);
    }
  });
});
