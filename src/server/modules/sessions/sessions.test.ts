import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { cookieValue, databaseKind, OPERATOR, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { createOperator } from '../operators/operators.service';
import { SessionStore } from './sessions.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`operator sessions (${databaseKind})`, () => {
  const t = useTestApp();

  it('end after 30 minutes without a request, each request moving the end forward', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new SessionStore(t.database.db, t.config, undefined, () => now);
    const session = await store.create('operator', 1);
    expect(session.expiresAt.getTime()).toBe(now + 12 * HOUR); // the cookie lives as long as the session may
    now += 29 * MINUTE;
    expect(await store.find('operator', session.id)).toBe(1);
    now += 29 * MINUTE; // 58 minutes after sign-in, 29 after the last request
    expect(await store.find('operator', session.id)).toBe(1);
    now += 31 * MINUTE;
    expect(await store.find('operator', session.id)).toBeNull();
  });

  it('end 12 hours after sign-in however busy the operator is', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new SessionStore(t.database.db, t.config, undefined, () => now);
    const session = await store.create('operator', 1);
    for (let elapsed = 20 * MINUTE; elapsed < 12 * HOUR; elapsed += 20 * MINUTE) {
      now = Date.parse('2026-11-23T10:00:00Z') + elapsed;
      expect(await store.find('operator', session.id), `${elapsed / MINUTE} minutes`).toBe(1);
    }
    now = Date.parse('2026-11-23T22:00:01Z');
    expect(await store.find('operator', session.id)).toBeNull();
  });

  it('are created by sign-in with a 30-minute idle end and a 12-hour limit; buyers keep 30 days', async () => {
    const before = Date.now();
    await signInOperator(t.app, t.database);
    await registerBuyer(t.app);
    const rows = await t.database.db.select().from(sessions);
    const operator = rows.find((r) => r.kind === 'operator');
    const buyer = rows.find((r) => r.kind === 'buyer');
    expect((operator?.expiresAt.getTime() ?? 0) - before).toBeGreaterThanOrEqual(30 * MINUTE);
    expect((operator?.expiresAt.getTime() ?? 0) - before).toBeLessThan(31 * MINUTE);
    expect((operator?.maxExpiresAt?.getTime() ?? 0) - before).toBeGreaterThanOrEqual(12 * HOUR);
    expect((operator?.maxExpiresAt?.getTime() ?? 0) - before).toBeLessThan(12 * HOUR + MINUTE);
    expect((buyer?.expiresAt.getTime() ?? 0) - before).toBeGreaterThanOrEqual(30 * 24 * HOUR);
    expect(buyer?.maxExpiresAt).toBeNull();
  });

  it('refuse a request once idle, as the guard sees it', async () => {
    const cookie = await signInOperator(t.app, t.database);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.kind, 'operator'));
    // The running instance remembers the session for a few seconds; another instance asks the database.
    const store = new SessionStore(t.database.db, t.config);
    expect(await store.find('operator', cookie)).toBeNull();
  });
});

describe(`buyer sessions looked up together (${databaseKind})`, () => {
  const t = useTestApp();

  it('give each lookup its own subject, and none to an ended, unknown or operator session', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new SessionStore(t.database.db, t.config, undefined, () => now);
    const buyers = await Promise.all([3, 5, 8, 13].map((subject) => store.create('buyer', subject)));
    const ended = await store.create('buyer', 21);
    await t.database.db.update(sessions).set({ expiresAt: new Date(now - 1) }).where(eq(sessions.subjectId, 21));
    const operator = await store.create('operator', 34);
    now += MINUTE;
    // Asked in one turn of the event loop: they share a statement.
    const found = await Promise.all([...buyers, ended, operator, { id: 'no-such-session' }].map((s) => store.find('buyer', s.id)));
    expect(found).toEqual([3, 5, 8, 13, null, null, null]);
    // The same session asked twice at once, once just before its end and once after it.
    const [session] = buyers;
    if (!session) throw new Error('no session');
    const lastMinute = new SessionStore(t.database.db, t.config, undefined, () => now);
    now = session.expiresAt.getTime() - 1;
    const before = lastMinute.find('buyer', session.id);
    now = session.expiresAt.getTime();
    expect(await Promise.all([before, lastMinute.find('buyer', session.id)])).toEqual([3, null]);
  });
});

describe(`session cookies over https (${databaseKind})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'https://presale.example' });

  it('carry the __Host- prefix, Secure, Path=/ and no Domain, and only the prefixed name is accepted', async () => {
    await createOperator(t.database.db, OPERATOR.login, OPERATOR.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', headers: { origin: 'https://presale.example' }, payload: OPERATOR });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === '__Host-presale_operator_session');
    expect(set).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(set?.domain).toBeUndefined();
    const id = cookieValue(res, '__Host-presale_operator_session') ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { '__Host-presale_operator_session': id } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { presale_operator_session: id } })).statusCode).toBe(401);

    const buyer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'https://presale.example' },
      payload: { ...REGISTRATION, phone: '' },
    });
    expect(buyer.cookies.map((c) => c.name)).toContain('__Host-presale_session');
  });
});
