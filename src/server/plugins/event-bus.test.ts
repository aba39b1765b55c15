import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, testDatabase } from '../test/harness';
import { EVENTS_CHANNEL, EventBus, type BusEvent } from './event-bus';

describe(`event bus across instances (${databaseKind})`, () => {
  const buses: EventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.stop();
  });

  it("delivers one instance's events to another's subscribers through the database, once each", async () => {
    const database = await testDatabase();
    const a = new EventBus(database);
    const b = new EventBus(database);
    buses.push(a, b);
    await a.start();
    await b.start();
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

  it('ignores foreign or malformed notifications on the channel', async () => {
    const database = await testDatabase();
    const bus = new EventBus(database);
    buses.push(bus);
    await bus.start();
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not json')`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ from: 'x', event: { type: 'drop tables' } })})`);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ from: 'x', event: { type: 'sale' } })})`);
    await expect.poll(() => seen).toEqual([{ type: 'sale' }]);
  });
});
