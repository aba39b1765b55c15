import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import { cryptos } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HASH = `0x${'ab12'.repeat(16)}`;

interface Page {
  orders: AdminOrder[];
  total: number;
}

/** Two buyers with one order each; the first buyer's order carries a tx hash. */
async function twoOrders(t: TestContext) {
  await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
  const alice = await registerBuyer(t.app, { email: 'Alice.Buyer@example.com' });
  const bob = await registerBuyer(t.app, { email: 'bob_x@example.org' });
  const place = async (cookie: string) => (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '100' } })).json<Order>();
  const first = await place(alice.cookie);
  const second = await place(bob.cookie);
  const saved = await t.app.inject({ method: 'POST', url: `/api/orders/${first.id}/tx-hash`, cookies: { [BUYER]: alice.cookie }, payload: { txHash: HASH } });
  expect(saved.statusCode).toBe(200);
  const operator = await signInOperator(t.app, t.database);
  const search = async (q: string, extra = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}${extra}`, cookies: { [OPERATOR]: operator } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    return { ids: page.orders.map((o) => o.id), total: page.total };
  };
  return { first, second, operator, search };
}

describe(`searching orders in the back-office (${databaseKind})`, () => {
  const t = useTestApp();

  it('finds an order by its exact id, with or without a leading #', async () => {
    const { first, second, search } = await twoOrders(t);
    expect(await search(first.id)).toEqual({ ids: [first.id], total: 1 });
    expect(await search(`#${second.id}`)).toEqual({ ids: [second.id], total: 1 });
    // Part of an id is not an id.
    expect((await search(first.id.slice(0, 6))).ids).not.toContain(first.id);
  });

  it('finds orders by any part of the buyer e-mail, in any case, with pattern characters taken literally', async () => {
    const { first, second, search } = await twoOrders(t);
    expect(await search('alice.BUYER')).toEqual({ ids: [first.id], total: 1 });
    expect(await search('example.')).toEqual({ ids: [second.id, first.id], total: 2 });
    expect(await search('b_x')).toEqual({ ids: [second.id], total: 1 });
    expect(await search('e_ample')).toEqual({ ids: [], total: 0 });
    expect(await search('%')).toEqual({ ids: [], total: 0 });
  });

  it('finds an order by its tx hash, exact or by its beginning, and combines the search with the status filter', async () => {
    const { first, search } = await twoOrders(t);
    expect(await search(HASH)).toEqual({ ids: [first.id], total: 1 });
    expect(await search(HASH.toUpperCase().replace('0X', '0x'))).toEqual({ ids: [first.id], total: 1 });
    expect(await search(HASH.slice(0, 12))).toEqual({ ids: [first.id], total: 1 });
    // The middle of a hash is not its beginning.
    expect(await search(HASH.slice(20, 40))).toEqual({ ids: [], total: 0 });
    expect(await search(HASH, '&status=approved')).toEqual({ ids: [], total: 0 });
    expect(await search(HASH, '&status=pending')).toEqual({ ids: [first.id], total: 1 });
  });

  it('returns nothing when nothing matches, everything for an empty search, and refuses an overlong one', async () => {
    const { operator, search } = await twoOrders(t);
    expect(await search('nobody-here@nowhere.test')).toEqual({ ids: [], total: 0 });
    expect((await search('   ')).total).toBe(2);
    const long = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${'x'.repeat(131)}`, cookies: { [OPERATOR]: operator } });
    expect(long.statusCode).toBe(400);
  });

  it('exports only the matching orders as CSV', async () => {
    const { first, second, operator } = await twoOrders(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?q=alice', cookies: { [OPERATOR]: operator } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(first.id);
    expect(res.body).not.toContain(second.id);
  });
});
