import { describe, expect, it } from 'vitest';
import { auditLog, operators } from '../../db/schema';
import { databaseKind, OPERATOR, signInOperator, useTestApp } from '../../test/harness';
import { createOperator, ensureFirstOperator, resetOperatorPassword } from './operators.service';

const OP_COOKIE = 'presale_operator_session';

describe(`operator guard and sign-in (${databaseKind})`, () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3' });

  it('grants nothing on buyer routes to an operator session', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [OP_COOKIE]: cookie, presale_session: cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('signs an operator in and out', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP_COOKIE]: cookie } });
    expect(me.json()).toMatchObject({ login: OPERATOR.login });
    await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', cookies: { [OP_COOKIE]: cookie }, payload: {} });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP_COOKIE]: cookie } })).statusCode).toBe(401);
  });

  it('refuses wrong credentials alike, requires both fields, and rate-limits per login', async () => {
    await signInOperator(t.app, t.database);
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { fields: { login: 'Login is required.', password: 'Password is required.' } } });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: OPERATOR.login, password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'ghost', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: OPERATOR.login, password: 'nope' } });
    await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: OPERATOR.login, password: 'nope' } });
    const limited = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: OPERATOR.login, password: OPERATOR.password } });
    // Three failures from this address: over the limit of 3, even with the right password.
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('creates the first operator from the environment, or with a generated password, only once', async () => {
    const generated = await ensureFirstOperator(t.database.db, {});
    expect(generated?.login).toBe('admin');
    expect(generated?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await ensureFirstOperator(t.database.db, { login: 'other', password: 'other password' })).toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'admin', password: generated?.generatedPassword } });
    expect(login.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(operators);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe(`Change Pass (${databaseKind})`, () => {
  const t = useTestApp();
  const change = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/password', cookies: { [OP_COOKIE]: cookie }, payload });

  it('validates with the messages of the back-office', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const res = await change(cookie, { login: 'a', oldPassword: 'abc', newPassword: 'short', confirmNewPassword: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: object } }>().error.fields).toEqual({
      login: 'Admin name must be at least 2 characters.',
      oldPassword: 'Old password must be at least 4 characters.',
      newPassword: 'New password must be at least 8 characters.',
      confirmNewPassword: 'Passwords do not match.',
    });
    const mismatch = await change(cookie, { login: OPERATOR.login, oldPassword: OPERATOR.password, newPassword: 'long enough 1', confirmNewPassword: 'long enough 2' });
    expect(mismatch.json()).toMatchObject({ error: { fields: { confirmNewPassword: 'Passwords do not match.' } } });
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const res = await change(cookie, { login: OPERATOR.login, oldPassword: 'wrong password', newPassword: 'new password 1', confirmNewPassword: 'new password 1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { oldPassword: 'Old password is incorrect.' } } });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: OPERATOR });
    expect(login.statusCode).toBe(200);
  });

  it.each(['12345678', 'password1', 'quillfeather72'])('refuses the guessable new password %j with the reason on newPassword, changing nothing', async (newPassword) => {
    const login = 'quillfeather72';
    const cookie = await signInOperator(t.app, t.database, login);
    const res = await change(cookie, { login, oldPassword: OPERATOR.password, newPassword, confirmNewPassword: newPassword });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields)).toEqual(['newPassword']);
    expect(error.fields.newPassword).toMatch(/^This password is too common or easy to guess/);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login, password: OPERATOR.password } });
    expect(oldLogin.statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog)).toEqual([]);
  });

  it('creates and resets operators only with passwords that are hard to guess', async () => {
    await expect(createOperator(t.database.db, 'quillfeather72', 'quillfeather72')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('your name, e-mail or login') as unknown });
    await expect(createOperator(t.database.db, 'someone', '12345678')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(ensureFirstOperator(t.database.db, { login: 'root', password: 'password1' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await t.database.db.select().from(operators)).toEqual([]);
    await createOperator(t.database.db, 'someone', OPERATOR.password);
    await expect(resetOperatorPassword(t.database.db, 'someone', 'password1')).rejects.toMatchObject({ code: 'invalid_input' });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'someone', password: OPERATOR.password } });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions, and audits without the password', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const other = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: OPERATOR });
    const otherCookie = other.cookies.find((c) => c.name === OP_COOKIE)?.value ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP_COOKIE]: otherCookie } })).statusCode).toBe(200);
    const res = await change(cookie, { login: OPERATOR.login, oldPassword: OPERATOR.password, newPassword: 'new password 1', confirmNewPassword: 'new password 1' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP_COOKIE]: cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP_COOKIE]: otherCookie } })).statusCode).toBe(401);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(['operator.password_changed']);
    expect(JSON.stringify(audit)).not.toContain('new password 1');
  });
});
