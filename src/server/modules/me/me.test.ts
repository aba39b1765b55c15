import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, PASSWORDS_DIFFER } from '@/contracts/auth';
import { sessions } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, useTestApp } from '../../test/harness';
import { PASSWORD_FOR_EMAIL, WRONG_CURRENT_PASSWORD } from './me.service';

const COOKIE = 'presale_session';

describe(`profile and password (${databaseKind})`, () => {
  const t = useTestApp();

  it('refuses every /api/me route without a buyer session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['POST', '/api/me/password'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: 'forged-session-id' } });
    expect(forged.statusCode).toBe(401);
  });

  it('answers who is signed in with 200 either way, never with secrets', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ buyer: null });
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [COOKIE]: 'forged-session-id' } });
    expect(forged.json()).toEqual({ buyer: null });
    const { cookie } = await registerBuyer(t.app, { email: 'session@example.com' });
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [COOKIE]: cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.json()).toMatchObject({ buyer: { email: 'session@example.com', balance: '0' } });
    expect(signedIn.body).not.toContain(cookie);
    expect(signedIn.body).not.toMatch(/argon2|password/i);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [COOKIE]: cookie }, payload: {} });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [COOKIE]: cookie } });
    expect(after.json()).toEqual({ buyer: null });
  });

  it('updates the profile', async () => {
    const { cookie } = await registerBuyer(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      cookies: { [COOKIE]: cookie },
      payload: { name: 'Ada King', email: 'ada.king@example.com', phone: '', currentPassword: REGISTRATION.password },
    });
    expect(res.statusCode).toBe(200);
    // A new address waits for its link (mail.test.ts opens it): the account keeps the old one till then.
    expect(res.json()).toMatchObject({ name: 'Ada King', email: REGISTRATION.email, pendingEmail: 'ada.king@example.com', phone: '' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ name: 'Ada King', pendingEmail: 'ada.king@example.com' });
  });

  it("refuses another buyer's e-mail and changes nothing", async () => {
    await registerBuyer(t.app, { email: 'taken@example.com' });
    const { cookie } = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookie }, payload: { name: 'New Name', email: 'TAKEN@example.com', currentPassword: REGISTRATION.password } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } } });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } });
    expect(me.json()).toMatchObject({ name: REGISTRATION.name, email: REGISTRATION.email });
  });

  it('asks for the current password to change the e-mail, before saying whether the address is taken', async () => {
    await registerBuyer(t.app, { email: 'taken@example.com' });
    const { cookie } = await registerBuyer(t.app);
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookie }, payload });
    for (const [payload, message] of [
      [{ name: 'Ada', email: 'taken@example.com' }, PASSWORD_FOR_EMAIL],
      [{ name: 'Ada', email: 'free@example.com' }, PASSWORD_FOR_EMAIL],
      [{ name: 'Ada', email: 'taken@example.com', currentPassword: 'not my password at all' }, WRONG_CURRENT_PASSWORD],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_input', message, fields: { currentPassword: message } } });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } });
    expect(me.json()).toMatchObject({ name: REGISTRATION.name, email: REGISTRATION.email });
    // The same address in another letter case, and the other fields, need no password.
    const same = await patch({ name: 'Ada K', email: REGISTRATION.email.toUpperCase(), phone: '+1 555 0100' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Ada K', phone: '+1 555 0100' });
  });

  it('refuses an empty name and a bad e-mail', async () => {
    const { cookie } = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookie }, payload: { name: '', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields).sort()).toEqual(['email', 'name']);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const { cookie } = await registerBuyer(t.app);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    const otherCookie = other.cookies.find((c) => c.name === COOKIE)?.value ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: otherCookie } })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { [COOKIE]: cookie },
      payload: { currentPassword: REGISTRATION.password, newPassword: 'a brand new secret', confirmPassword: 'a brand new secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: otherCookie } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions)).toHaveLength(1);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: 'a brand new secret' } });
    expect(newLogin.statusCode).toBe(200);
  });

  it.each(['12345678', 'password1', 'quillfeather72'])('refuses the guessable new password %j with the reason on newPassword, changing nothing', async (newPassword) => {
    const { cookie } = await registerBuyer(t.app, { email: 'quillfeather72@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { [COOKIE]: cookie },
      payload: { currentPassword: REGISTRATION.password, newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields)).toEqual(['newPassword']);
    expect(error.fields.newPassword).toMatch(/^This password is too common or easy to guess/);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'quillfeather72@example.com', password: REGISTRATION.password } });
    expect(oldLogin.statusCode).toBe(200);
    const newLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'quillfeather72@example.com', password: newPassword } });
    expect(newLogin.statusCode).toBe(401);
  });

  it('refuses a wrong current password or mismatched confirmation, changing nothing', async () => {
    const { cookie } = await registerBuyer(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { [COOKIE]: cookie },
      payload: { currentPassword: 'not my password', newPassword: 'a brand new secret', confirmPassword: 'a brand new secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { fields: { currentPassword: 'Current password is incorrect.' } } });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { [COOKIE]: cookie },
      payload: { currentPassword: REGISTRATION.password, newPassword: 'a brand new secret', confirmPassword: 'another secret!' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: { fields: { confirmPassword: PASSWORDS_DIFFER } } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    expect(login.statusCode).toBe(200);
  });
});

describe(`profile changes are throttled (${databaseKind})`, () => {
  const t = useTestApp({ PROFILE_LIMIT_PER_ACCOUNT: '3' });

  it('answers 429 with Retry-After past the per-account limit, so addresses cannot be probed in bulk', async () => {
    await registerBuyer(t.app, { email: 'taken@example.com' });
    const { cookie } = await registerBuyer(t.app);
    const patch = () =>
      t.app.inject({ method: 'PATCH', url: '/api/me', cookies: { [COOKIE]: cookie }, payload: { name: 'Ada', email: 'taken@example.com', currentPassword: REGISTRATION.password } });
    for (let i = 0; i < 3; i++) expect((await patch()).statusCode).toBe(409);
    const res = await patch();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
