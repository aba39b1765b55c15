import { describe, expect, it } from 'vitest';
import { pingDatabase } from './db/client';
import { users } from './db/schema';
import { databaseKind, REGISTRATION, registerBuyer, useTestApp } from './test/harness';

describe(`HTTP surface (${databaseKind})`, () => {
  const t = useTestApp();

  it('reports health with a database round trip', async () => {
    await pingDatabase(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: databaseKind });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a value the database cannot store (a NUL character) with a 400, not a 500, and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, name: 'Ada\u0000Lovelace' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_input' } });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('turns malformed JSON into a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_input', message: 'The request body is not valid JSON.' } });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<email>a</email>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('refuses a 1 MB body with 413 and creates nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, name: 'x'.repeat(1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it.each([null, [], 'a string', 42])('refuses a JSON body of %j with a 400', async (payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('sends a Content-Security-Policy that allows no inline or foreign script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sale' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.trim();
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses state-changing requests from another origin', async () => {
    const cross = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: 'https://evil.example' }, payload: REGISTRATION });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ error: { code: 'forbidden' } });
    const fetchSite = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'sec-fetch-site': 'cross-site' }, payload: REGISTRATION });
    expect(fetchSite.statusCode).toBe(403);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }, payload: REGISTRATION });
    expect(same.statusCode).toBe(201);
    const publicOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: t.config.PUBLIC_URL }, payload: {} });
    expect(publicOrigin.statusCode).toBe(200);
  });

  it('hides internals in 5xx bodies', async () => {
    const { cookie } = await registerBuyer(t.app);
    // Break the database under the request: the handler's failure must not leak SQL or stack.
    await t.database.db.execute('alter table users rename to users_gone');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: cookie } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
      expect(res.body).not.toMatch(/users_gone|relation|select|at /i);
    } finally {
      await t.database.db.execute('alter table users_gone rename to users');
    }
  });

  it('never sends a password hash or a session id in a response body', async () => {
    const bodies: string[] = [];
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: REGISTRATION });
    bodies.push(register.body);
    const cookie = register.cookies.find((c) => c.name === 'presale_session')?.value ?? '';
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    bodies.push(login.body);
    const loginCookie = login.cookies.find((c) => c.name === 'presale_session')?.value ?? '';
    for (const [method, url, payload] of [
      ['GET', '/api/me', undefined],
      ['PATCH', '/api/me', { name: 'Ada', email: REGISTRATION.email }],
      ['POST', '/api/me/password', { currentPassword: REGISTRATION.password, newPassword: 'another password', confirmPassword: 'another password' }],
      ['GET', '/api/sale', undefined],
      ['GET', '/api/content', undefined],
      ['GET', '/api/health', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, cookies: { presale_session: loginCookie } });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      bodies.push(res.body);
    }
    const [row] = await t.database.db.select().from(users);
    for (const body of bodies) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toContain(row?.passwordHash);
      expect(body).not.toContain(cookie);
      expect(body).not.toContain(loginCookie);
      expect(body).not.toMatch(/password_?hash|idHash|id_hash/i);
    }
  });
});
