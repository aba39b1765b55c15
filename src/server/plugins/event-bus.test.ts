import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, testDatabase } from '../test/harness';
import { EVENTS_CHANNEL, EventBus, type BusEvent } from './event-bus';

describe(`event bus across instances (${databaseKind})`, () => {
  const buses: EventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.stop();
  });

  /** Started buses on the shared test database, as separate instances would have. */
  async function startBuses(n: number, shared = true): Promise<EventBus[]> {
    const database = await testDatabase();
    const started = Array.from({ length: n }, () => new EventBus(database, undefined, { shared }));
    buses.push(...started);
    for (const bus of started) await bus.start();
    return started;
  }

  it("delivers one instance's events to another's subscribers through the database, once each", async () => {
    const [a, b] = await startBuses(2);
    if (!a || !b) throw new Error('no buses');
    const onA: BusEvent[] = [];
    const onB: BusEvent[] = [];
    a.subscribe((e) => onA.push(e));
    b.subscribe((e) => onB.push(e));

    a.publish({ type: 'order', userId: 7, orderId: 'abc', status: 'approved' });
    await expect.poll(() => onB).toEqual([{ type: 'order', userId: 7, orderId: 'abc', status: 'approved' }]);
    b.publish({ type: 'sale' });
    await expect.poll(() => onA.length).toBe(2);
    expect(onA).toEqual([{ type: 'order', userId: 7, orderId: 'abc', status: 'approved' }, { type: 'sale' }]);
    expect(onB).toEqual([{ type: 'order', userId: 7, orderId: 'abc', status: 'approved' }, { type: 'sale' }]);
  });

  it("carries a prize draw's change to the other instances, whose copies of the landing's draw it ends", async () => {
    const [a, b] = await startBuses(2);
    if (!a || !b) throw new Error('no buses');
    const onB: BusEvent[] = [];
    b.subscribe((e) => onB.push(e));
    a.publish({ type: 'draw' });
    await expect.poll(() => onB).toEqual([{ type: 'draw' }]);
  });

  it('ignores foreign or malformed notifications on the channel', async () => {
    const database = await testDatabase();
    const [bus] = await startBuses(1);
    if (!bus) throw new Error('no bus');
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not json')`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ from: 'x', events: [{ type: 'drop tables' }] })})`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ from: 'x', events: [{ type: 'order', userId: 'not a number' }] })})`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ from: 'x', events: [{ type: 'sale' }] })})`);
    await expect.poll(() => seen).toEqual([{ type: 'sale' }]);
  });

  it('sends a burst of events as few notifications, in order, each under the size PostgreSQL allows', async () => {
    const database = await testDatabase();
    const [a, b] = await startBuses(2);
    if (!a || !b) throw new Error('no buses');
    const payloads: string[] = [];
    const stop = await database.listen(EVENTS_CHANNEL, (p) => payloads.push(p));
    const onB: BusEvent[] = [];
    b.subscribe((e) => onB.push(e));
    const burst = Array.from({ length: 300 }, (_, i): BusEvent => ({ type: 'order', userId: i, orderId: `order-${'x'.repeat(40)}-${i}`, status: 'pending' }));
    for (const e of burst) a.publish(e);
    await expect.poll(() => onB.length).toBe(300);
    await stop();
    expect(onB).toEqual(burst);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.length).toBeLessThan(30);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
  });

  it('notifies nobody when the database is not shared with other processes', async () => {
    const [alone] = await startBuses(1, false);
    const [shared, listener] = await startBuses(2);
    if (!alone || !shared || !listener) throw new Error('no buses');
    const heard: BusEvent[] = [];
    listener.subscribe((e) => heard.push(e));
    const local: BusEvent[] = [];
    alone.subscribe((e) => local.push(e));
    alone.publish({ type: 'order', userId: 1, orderId: 'local', status: 'pending' });
    expect(local).toHaveLength(1);
    // Notifications arrive in the order they were sent: once the marker is heard, the first would have been.
    shared.publish({ type: 'sale' });
    await expect.poll(() => heard).toEqual([{ type: 'sale' }]);
  });
});
