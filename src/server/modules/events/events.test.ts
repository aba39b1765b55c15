import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { operators, saleSettings } from '../../db/schema';
import type { Clock } from '../sessions/sessions.service';
import { databaseKind, registerBuyer, REGISTRATION, resetDatabase, signInOperator, testDatabase, useTestApp, type TestContext } from '../../test/harness';
import { TOO_MANY_FROM_ADDRESS, TOO_MANY_IN_TOTAL } from './events.routes';

interface Stream {
  events: string[];
  /** Resolves once an event of this name has arrived. */
  next: (name: string) => Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** GET /api/events on a connection of its own, so that closing the stream closes the connection. */
function requestEvents(port: number, cookie?: string): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: '/api/events', agent: false, headers: cookie ? { cookie } : {} }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Collects event names as they arrive. */
function streamOf(response: IncomingMessage): Stream {
  const events: string[] = [];
  const waiters: { name: string; resolve: () => void }[] = [];
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      if (name) {
        events.push(name);
        for (const w of waiters.filter((x) => x.name === name)) w.resolve();
      }
      end = buffer.indexOf('\n\n');
    }
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve));
  const next = (name: string) =>
    new Promise<void>((resolve) => {
      if (events.includes(name)) resolve();
      else waiters.push({ name, resolve });
    });
  return { events, next, ended, close: () => response.destroy() };
}

async function readJson(response: IncomingMessage): Promise<unknown> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk as string;
  return JSON.parse(text) as unknown;
}

/** Opens streams on the test app's port; after each test closes them and waits until the server has seen them go. */
function useStreams(t: TestContext) {
  const opened: Stream[] = [];
  const port = () => (t.app.server.address() as AddressInfo).port;
  beforeEach(async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) s.close();
    const connections = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    await expect.poll(connections).toBe(0);
  });
  /** A stream if the server accepts one, else the refusal. */
  const attempt = async (cookie?: string): Promise<{ stream: Stream } | { status: number; retryAfter: string | undefined; body: unknown }> => {
    const response = await requestEvents(port(), cookie);
    if (response.statusCode !== 200) return { status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body: await readJson(response) };
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const stream = streamOf(response);
    opened.push(stream);
    await stream.next('ready');
    return { stream };
  };
  const open = async (cookie?: string): Promise<Stream> => {
    const result = await attempt(cookie);
    if (!('stream' in result)) throw new Error(`stream refused: ${result.status} ${JSON.stringify(result.body)}`);
    return result.stream;
  };
  return { attempt, open };
}

describe(`server-sent events (${databaseKind})`, () => {
  const t = useTestApp();
  const streams = useStreams(t);

  it('tells every open page when the sale moves', async () => {
    const stream = await streams.open();
    t.app.events.publish({ type: 'sale' });
    await stream.next('sale');
    // Someone else's order is not announced to an anonymous page.
    t.app.events.publish({ type: 'order', userId: 1, orderId: 'abc', status: 'approved' });
    t.app.events.publish({ type: 'sale' });
    // Events are written in order, so once the second sale event is in, an order event would be too.
    await expect.poll(() => stream.events.length).toBe(3);
    expect(stream.events).toEqual(['ready', 'sale', 'sale']);
  });

  it('refuses a 21st stream from one address with a 429 and takes one again once a stream closes', async () => {
    const open: Stream[] = [];
    for (let i = 0; i < 20; i++) open.push(await streams.open());

    const refused = await streams.attempt();
    expect(refused).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) as unknown, body: { error: { code: 'rate_limited', message: TOO_MANY_FROM_ADDRESS } } });

    // The twenty already open are still served.
    t.app.events.publish({ type: 'sale' });
    await Promise.all(open.map((s) => s.next('sale')));

    open[0]?.close();
    // The server learns of the close when the connection goes; until then the address is still full.
    await expect.poll(async () => ('stream' in (await streams.attempt()) ? 'accepted' : 'refused')).toBe('accepted');
  });

  it('ends an operator stream when the operator signs out, and tells it nothing more', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const stream = await streams.open(`presale_operator_session=${cookie}`);
    t.app.events.publish({ type: 'order', userId: 1, orderId: 'before', status: 'pending' });
    await stream.next('admin-order');

    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', cookies: { presale_operator_session: cookie }, payload: {} });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    t.app.events.publish({ type: 'order', userId: 1, orderId: 'after', status: 'approved' });
    expect(stream.events).toEqual(['ready', 'admin-order']);

    // The signed-out page's reconnect is a visitor's: it hears no orders.
    const visitor = await streams.open(`presale_operator_session=${cookie}`);
    t.app.events.publish({ type: 'order', userId: 1, orderId: 'later', status: 'approved' });
    t.app.events.publish({ type: 'sale' });
    await visitor.next('sale');
    expect(visitor.events).toEqual(['ready', 'sale']);
  });

  it("ends a buyer's streams on their other sessions when they change the password, and keeps the one they changed it from", async () => {
    const { cookie: elsewhere, id } = await registerBuyer(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } });
    const here = login.cookies.find((c) => c.name === 'presale_session')?.value ?? '';
    expect(here).not.toBe('');
    const ending = await streams.open(`presale_session=${elsewhere}`);
    const kept = await streams.open(`presale_session=${here}`);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: { presale_session: here },
      payload: { currentPassword: REGISTRATION.password, newPassword: 'another fine secret', confirmPassword: 'another fine secret' },
    });
    expect(changed.statusCode).toBe(200);
    await ending.ended;

    t.app.events.publish({ type: 'order', userId: id, orderId: 'mine', status: 'approved' });
    await kept.next('order');
    expect(kept.events).toEqual(['ready', 'order']);
    expect(ending.events).toEqual(['ready']);
  });
});

describe(`server-sent events on a full instance (${databaseKind})`, () => {
  const t = useTestApp({ EVENT_STREAMS_TOTAL: '3' });
  const streams = useStreams(t);

  it('refuses a stream from any address once the instance holds its total', async () => {
    for (let i = 0; i < 3; i++) await streams.open();
    // The refusal comes before the reply is taken over, so inject (which cannot stream) sees it.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/events', remoteAddress: '203.0.113.7' });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.headers['retry-after']).toMatch(/^\d+$/);
    expect(elsewhere.json()).toEqual({ error: { code: 'rate_limited', message: TOO_MANY_IN_TOTAL } });
  });
});

describe(`server-sent events at shutdown (${databaseKind})`, () => {
  it('ends open streams when the server closes', async () => {
    const app = await buildApp({ config: testConfig(), database: await testDatabase(), webRoot: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = streamOf(await requestEvents((app.server.address() as AddressInfo).port));
    await stream.next('ready');
    await app.close();
    await stream.ended;
  });
});

/** A clock that moves only when the test says, and fires the timers it has passed. */
function manualClock(): Clock & { advance: (ms: number) => void } {
  let now = Date.now();
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
  };
}

describe(`server-sent events and the operator guard (${databaseKind})`, () => {
  const clock = manualClock();
  const t: Partial<TestContext> = {};
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    if (t.app) return;
    t.database = database;
    t.config = testConfig({ OPERATOR_IDLE_MINUTES: '30', OPERATOR_SESSION_HOURS: '1', SESSION_DAYS: '30' });
    t.app = await buildApp({ config: t.config, database, webRoot: '/nonexistent', clock });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
  });
  const streams = useStreams(t as TestContext);
  const app = () => t.app as FastifyInstance;
  const db = () => (t.database as TestContext['database']).db;
  const MINUTE = 60_000;

  /** Whether the stream still hears order news: an order event and a sale event are published, and what arrives is returned. */
  const hears = async (stream: Stream) => {
    const before = stream.events.length;
    app().events.publish({ type: 'order', userId: 1, orderId: 'x', status: 'pending' });
    app().events.publish({ type: 'sale' });
    await expect.poll(() => stream.events.slice(before).includes('sale')).toBe(true);
    return stream.events.slice(before);
  };

  it('serves an operator session the guard would refuse as a visitor: no order news', async () => {
    const cookieOf = (session: string) => `presale_operator_session=${session}`;
    const admitted = await signInOperator(app(), t.database as TestContext['database'], 'admitted');
    expect(await hears(await streams.open(cookieOf(admitted)))).toEqual(['admin-order', 'sale']);

    // A one-time password still to change.
    const oneTime = await signInOperator(app(), t.database as TestContext['database'], 'one-time');
    await db().update(operators).set({ mustChangePassword: true }).where(eq(operators.login, 'one-time'));
    expect(await hears(await streams.open(cookieOf(oneTime)))).toEqual(['sale']);

    // Disabled (its sessions left in place, as if ending them had failed).
    const disabled = await signInOperator(app(), t.database as TestContext['database'], 'disabled');
    await db().update(operators).set({ disabledAt: new Date(clock.now()) }).where(eq(operators.login, 'disabled'));
    expect(await hears(await streams.open(cookieOf(disabled)))).toEqual(['sale']);

    // Idle past the limit.
    const idle = await signInOperator(app(), t.database as TestContext['database'], 'idle');
    clock.advance(30 * MINUTE);
    expect(await hears(await streams.open(cookieOf(idle)))).toEqual(['sale']);

    // A second factor the sale now requires and the operator has not set.
    const noSecondFactor = await signInOperator(app(), t.database as TestContext['database'], 'no-second-factor');
    await db().update(saleSettings).set({ operatorsNeedTotp: true });
    expect(await hears(await streams.open(cookieOf(noSecondFactor)))).toEqual(['sale']);
  });

  it('ends an operator stream at the instant its session ends: idle, or at the latest hours after sign-in', async () => {
    const cookie = await signInOperator(app(), t.database as TestContext['database']);
    const me = () => app().inject({ method: 'GET', url: '/api/admin/me', cookies: { presale_operator_session: cookie } });
    const stream = await streams.open(`presale_operator_session=${cookie}`);
    // Used 20 minutes in: the session now ends at 50 minutes, and the stream with it.
    clock.advance(20 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    expect(await hears(stream)).toEqual(['admin-order', 'sale']);
    // Used at 45 minutes: idle it would end at 75, but it ends an hour after sign-in.
    clock.advance(15 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    expect(await hears(stream)).toEqual(['admin-order', 'sale']);
    clock.advance(10 * MINUTE - 1);
    expect(await hears(stream)).toEqual(['admin-order', 'sale']);
    clock.advance(1);
    await stream.ended;
    expect((await me()).statusCode).toBe(401);
  });

  it("ends a buyer's stream at the instant the buyer's session ends", async () => {
    const { cookie, id } = await registerBuyer(app());
    const stream = await streams.open(`presale_session=${cookie}`);
    const mine = async () => {
      const before = stream.events.length;
      app().events.publish({ type: 'order', userId: id, orderId: 'mine', status: 'approved' });
      await expect.poll(() => stream.events.slice(before)).toEqual(['order']);
    };
    clock.advance(30 * 24 * 60 * MINUTE - 1);
    await mine();
    clock.advance(1);
    await stream.ended;
  });
});
