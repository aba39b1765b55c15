// Active sessions (issue 15): a buyer or operator sees each browser signed in, and ends any one or
// all the others; nobody can end another's session.
import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '@/contracts/sessions';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { deviceOf } from './sessions.routes';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`session lists (${databaseKind})`, () => {
  const t = useTestApp();

  const signIn = async (userAgent: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    return res.cookies.find((c) => c.name === 'presale_session')?.value ?? '';
  };
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: cookie } });
  const list = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/sessions', cookies: { presale_session: cookie } })).json<{ sessions: SessionEntry[] }>().sessions;

  it('names the browser from its user agent', () => {
    expect([deviceOf(FIREFOX), deviceOf(SAFARI), deviceOf('')]).toEqual(['Firefox 128 on Windows', 'Safari 17 on iOS', 'Unknown browser']);
  });

  it('lists a buyer’s sessions, ends one, then all the others, and never another buyer’s', async () => {
    await registerBuyer(t.app);
    const laptop = await signIn(FIREFOX);
    const phone = await signIn(SAFARI);
    const sessions = await list(laptop);
    expect(sessions.filter((s) => s.device !== 'Unknown browser').map((s) => [s.device, s.current]).sort()).toEqual([
      ['Firefox 128 on Windows', true],
      ['Safari 17 on iOS', false],
    ]);
    const phoneEntry = sessions.find((s) => s.device === 'Safari 17 on iOS');

    // Another buyer cannot end it.
    const eve = await registerBuyer(t.app, { email: 'eve@example.com' });
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneEntry?.id ?? ''}`, cookies: { presale_session: eve.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneEntry?.id ?? ''}`, cookies: { presale_session: laptop } })).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);

    const tablet = await signIn(SAFARI);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/sessions/end-others', cookies: { presale_session: laptop } })).statusCode).toBe(200);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('lists an operator’s sessions too', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sessions', cookies: { presale_operator_session: cookie } });
    expect(res.json()).toMatchObject({ sessions: [{ current: true }] });
  });
});
