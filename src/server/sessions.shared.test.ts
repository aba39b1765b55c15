// Two instances on one PostgreSQL database: a session ended through one is refused by the other,
// although the other had it in memory. (PostgreSQL only: an embedded database has one process.)
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { registerBuyer, useTestApp } from './test/harness';

describe('sessions across instances (postgres)', () => {
  const t = useTestApp();
  let other: FastifyInstance | undefined;
  afterAll(async () => {
    await other?.close();
  });

  it('refuses on every instance a session ended on one, and the other sessions after a password change', async () => {
    other = await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' });
    await other.ready();
    const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: cookie } }).then((r) => r.statusCode);

    const { cookie } = await registerBuyer(t.app);
    expect(await me(other, cookie)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { presale_session: cookie }, payload: {} });
    await expect.poll(() => me(other as FastifyInstance, cookie)).toBe(401);

    const second = await registerBuyer(t.app, { email: 'second@example.com' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'second@example.com', password: 'correct horse battery' } });
    const elsewhere = login.cookies.find((c) => c.name === 'presale_session')?.value ?? '';
    expect(await me(other, elsewhere)).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { presale_session: second.cookie },
      payload: { currentPassword: 'correct horse battery', newPassword: 'another fine secret', confirmPassword: 'another fine secret' },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => me(other as FastifyInstance, elsewhere)).toBe(401);
    expect(await me(other, second.cookie)).toBe(200);
  });
});
