import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, LOGIN_FAILED, PASSWORDS_DIFFER } from '@/contracts/auth';
import { sessions, users } from '../../db/schema';
import { cookieValue, databaseKind, REGISTRATION, registerBuyer, useTestApp } from '../../test/harness';

const COOKIE = 'presale_session';

describe(`buyer accounts (${databaseKind})`, () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '6', REGISTER_LIMIT_PER_IP: '4' });
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;

  it('registers a buyer, signs them in with an httpOnly SameSite=Lax cookie, and returns the profile', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: REGISTRATION });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', balance: '0', usdValue: '0.00' });
    const cookie = res.cookies.find((c) => c.name === COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie?.value ?? '' } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ada@example.com', progress: { level: null, next: 'Bronze', percent: '0.00' } });
  });

  it('stores sessions hashed, never the cookie value', async () => {
    const { cookie } = await registerBuyer(t.app);
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).not.toBe(cookie);
    expect(rows[0]?.idHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a taken e-mail in any case and creates nothing', async () => {
    await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email: 'ADA@Example.COM' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } } });
    expect(await userCount()).toBe(1);
  });

  it.each([
    ['mismatched passwords', { confirmPassword: 'something else' }, 'confirmPassword', PASSWORDS_DIFFER],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
    ['an empty name', { name: '   ' }, 'name', 'Full name is required.'],
    ['a 1 MB name', { name: 'x'.repeat(40_000) }, 'name', 'Must be at most 100 characters.'],
    ['a wrong type', { email: 42 }, 'email', undefined],
    ['a bad phone', { phone: '<script>' }, 'phone', 'Enter a valid phone number.'],
    ['a name with a line break', { name: 'Gina\r\nNewline' }, 'name', 'Full name must not contain line breaks or other control characters.'],
  ])('refuses %s with a field message and creates nothing', async (_label, change, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, ...change } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields[field]).toBeDefined();
    if (message) expect(body.error.fields[field]).toBe(message);
    expect(await userCount()).toBe(0);
  });

  it.each([
    ['12345678', 'ada@example.com'],
    ['password1', 'ada@example.com'],
    ['quillfeather72', 'quillfeather72@example.com'],
  ])('refuses the guessable password %j (e-mail %s) with the reason on password, creating nothing', async (password, email) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email, password, confirmPassword: password } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields)).toEqual(['password']);
    expect(error.fields.password).toMatch(/^This password is too common or easy to guess.*Use a longer phrase of unrelated words\.$/);
    expect(error.message).toBe(error.fields.password);
    expect(await userCount()).toBe(0);
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, isAdmin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { isAdmin: 'Unknown field.' } } });
    expect(await userCount()).toBe(0);
  });

  it('accepts unicode names and addresses as given', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, name: 'Zoë Ångström 李雷 🚀', email: 'zoe@exämple.org' } });
    expect([201, 400]).toContain(res.statusCode);
    if (res.statusCode === 201) expect(res.json()).toMatchObject({ name: 'Zoë Ångström 李雷 🚀' });
  });

  it('signs in with the right password, in any e-mail case, replacing the previous session', async () => {
    await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Ada@Example.com', password: REGISTRATION.password } });
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, COOKIE)).toBeTruthy();
  });

  it('signs in by the address as registered, letters folded in ASCII only', async () => {
    await registerBuyer(t.app, { email: 'iris@example.com' });
    const as = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: REGISTRATION.password } });
    expect((await as('IRIS@example.com')).statusCode).toBe(200);
    // PostgreSQL's lower() makes 'İ' an 'i': that spelling would reach the account under throttle keys of its own.
    expect((await as('İris@example.com')).statusCode).toBe(401);
    expect((await as('irİs@example.com')).statusCode).toBe(401);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    await registerBuyer(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: 'wrong password' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'unauthorized', message: LOGIN_FAILED } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
  });

  it('logs out by deleting the session: the old cookie no longer works', async () => {
    const { cookie } = await registerBuyer(t.app);
    // In use first, so the server has it in memory too.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [COOKIE]: cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses expired sessions', async () => {
    const { cookie } = await registerBuyer(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('rate-limits sign-in per account with 429 and Retry-After, even with the right password', async () => {
    await registerBuyer(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: 'wrong password' } });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ADA@example.com', password: REGISTRATION.password } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another account from the same address is still allowed.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'other@example.com', password: 'whatever1' } });
    expect(other.statusCode).toBe(401);
  });

  it('does not let failures from other addresses lock the owner out of their own', async () => {
    await registerBuyer(t.app);
    const login = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: REGISTRATION.email, password } });
    // Someone guesses from two addresses until the account has more failures than the limit.
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2']) expect((await login(address, 'a wrong guess')).statusCode).toBe(401);
    expect((await login('198.51.100.1', REGISTRATION.password)).statusCode).toBe(429);
    // The owner, from an address that has not failed, signs in.
    expect((await login('203.0.113.50', REGISTRATION.password)).statusCode).toBe(200);
    // While the account is being guessed at, each other address gets one failure, then waits.
    expect((await login('198.51.100.3', 'a wrong guess')).statusCode).toBe(401);
    const blocked = await login('198.51.100.3', 'a wrong guess');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Successful sign-ins are not failures: the owner may sign in again and again.
    for (let i = 0; i < 4; i++) expect((await login('203.0.113.50', REGISTRATION.password)).statusCode).toBe(200);
  });

  it('rate-limits sign-in per client address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `user${i}@example.com`, password: 'whatever1' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
    const fromElsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.8.7', payload: { email: 'x@example.com', password: 'whatever1' } });
    expect(fromElsewhere.statusCode).toBe(401);
  });

  it('rate-limits registration per client address', async () => {
    for (let i = 0; i < 4; i++) await registerBuyer(t.app, { email: `buyer${i}@example.com` });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email: 'late@example.com' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await userCount()).toBe(4);
  });
});

describe(`session cookie over https (${databaseKind})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'https://presale.example.com' });

  it('is Secure when PUBLIC_URL is https', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: REGISTRATION });
    expect(res.cookies.find((c) => c.name === `__Host-${COOKIE}`)?.secure).toBe(true);
  });
});
