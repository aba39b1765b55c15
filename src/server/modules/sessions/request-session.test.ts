import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { databaseKind, registerBuyer, useTestApp } from '../../test/harness';
import { SESSION_COOKIES } from './sessions.service';

describe(`the request's session (${databaseKind})`, () => {
  const t = useTestApp();

  it('is looked up once per request and kind, however many ask, and afresh for the next request', async () => {
    const { cookie: session, id } = await registerBuyer(t.app);
    const app = Fastify();
    await app.register(cookie);
    app.get('/who', async (request) => ({
      first: await t.app.sessions.subjectOf(request, 'buyer'),
      again: await t.app.sessions.subjectOf(request, 'buyer'),
      operator: await t.app.sessions.subjectOf(request, 'operator'),
    }));
    const find = vi.spyOn(t.app.sessions, 'find');
    try {
      const ask = () => app.inject({ method: 'GET', url: '/who', cookies: { [SESSION_COOKIES.buyer]: session } });
      expect((await ask()).json()).toEqual({ first: id, again: id, operator: null });
      expect(find.mock.calls).toEqual([['buyer', session]]);
      expect((await ask()).json()).toEqual({ first: id, again: id, operator: null });
      expect(find).toHaveBeenCalledTimes(2);
    } finally {
      find.mockRestore();
      await app.close();
    }
  });
});
