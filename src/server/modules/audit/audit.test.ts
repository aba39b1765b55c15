import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { databaseKind, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';

interface Page {
  entries: { action: string; entity: string; before: unknown; after: unknown; createdAt: string }[];
  total: number;
  actions: string[];
}

describe(`audit log filters (${databaseKind})`, () => {
  const t = useTestApp();

  const seed = async () => {
    const cookie = await signInOperator(t.app, t.database);
    await t.database.db.insert(auditLog).values([
      { operatorLogin: 'operator', action: 'sale.updated', entity: 'sale', before: { hardCap: '1' }, after: { hardCap: '2' }, createdAt: new Date('2026-03-01T10:00:00Z') },
      { operatorLogin: 'operator', action: 'order.approve', entity: 'order:A', before: null, after: null, createdAt: new Date('2026-03-02T10:00:00Z') },
      { operatorLogin: 'operator', action: 'sale.updated', entity: 'sale', before: { hardCap: '2' }, after: { hardCap: '3' }, createdAt: new Date('2026-03-03T10:00:00Z') },
    ]);
    return (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, cookies: { [OP_COOKIE]: cookie } });
  };

  it('lists every kind of change for the filter, newest first', async () => {
    const get = await seed();
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page.total).toBe(3);
    expect(page.actions).toEqual(['order.approve', 'sale.updated']);
    expect(page.entries.map((e) => e.createdAt)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
  });

  it('filters by kind on the server, counting only the matches', async () => {
    const get = await seed();
    const page = (await get('?action=sale.updated')).json<Page>();
    expect(page.total).toBe(2);
    expect(page.entries.every((e) => e.action === 'sale.updated')).toBe(true);
    expect(page.actions).toEqual(['order.approve', 'sale.updated']);
    expect((await get('?action=nothing.here')).json<Page>().total).toBe(0);
  });

  it('filters by time range: from inclusive, to exclusive, combined with the kind', async () => {
    const get = await seed();
    const range = (await get('?from=2026-03-02T00:00:00.000Z&to=2026-03-03T10:00:00.000Z')).json<Page>();
    expect(range.entries.map((e) => e.action)).toEqual(['order.approve']);
    const from = (await get('?from=2026-03-02T10:00:00.000Z&action=sale.updated')).json<Page>();
    expect(from.entries.map((e) => e.after)).toEqual([{ hardCap: '3' }]);
  });

  it('refuses a malformed date or a range that ends before it starts, with a field message', async () => {
    const get = await seed();
    const bad = await get('?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { from: 'Enter a valid start date.' } } });
    const reversed = await get('?from=2026-03-03T00:00:00.000Z&to=2026-03-01T00:00:00.000Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: { fields: { to: 'The end date must be after the start date.' } } });
  });
});
