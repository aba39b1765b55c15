import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import { auditLog, cryptos, ledgerEntries, orders, saleSettings } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Offers ETH at a fixed rate: 300000 tokens per ETH (token price $0.01, ETH $3000). */
async function offerEth(t: TestContext, changes: Partial<typeof cryptos.$inferInsert> = {}) {
  await t.database.db
    .update(cryptos)
    .set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true, ...changes })
    .where(eq(cryptos.code, 'ETH'));
}

async function buy(t: TestContext, cookie: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload, headers });
}

async function countRows(t: TestContext, table: typeof orders | typeof ledgerEntries) {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

describe(`orders (${databaseKind})`, () => {
  const t = useTestApp();

  it('computes the quote on the server and shows it only to its buyer', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const res = await buy(t, cookie, { crypto: 'eth', tokens: '100' });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      status: 'pending',
      tokens: '100',
      bonusTokens: '5',
      // 100 ÷ 300,000 ETH, rounded up at 8 decimals (ETH has 18).
      payAmount: '0.00033334',
      rate: '300000',
      usdAmount: '1',
      address: ETH_WALLET,
      crypto: { code: 'ETH', network: 'evm', chainId: 1 },
      paymentUri: `ethereum:${ETH_WALLET}@1?value=333340000000000`,
      txHash: null,
    });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(60 * 60_000);

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: cookie } });
    expect(mine.json<Order>().id).toBe(order.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', cookies: { [BUYER]: cookie } });
    expect(list.json<{ orders: Order[] }>().orders.map((o) => o.id)).toEqual([order.id]);

    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { message: "Transaction doesn't exist." } });
    const otherList = await t.app.inject({ method: 'GET', url: '/api/orders', cookies: { [BUYER]: other.cookie } });
    expect(otherList.json<{ orders: Order[] }>().orders).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { crypto: 'ETH', tokens: '100' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('buys tokens for a pay amount, rounding the tokens down', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const res = await buy(t, cookie, { crypto: 'ETH', payAmount: '0.001' });
    expect(res.json()).toMatchObject({ tokens: '300', bonusTokens: '21', payAmount: '0.001' });
  });

  it('uses the ERC-20 transfer form for tokens', async () => {
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: ETH_WALLET }).where(eq(cryptos.code, 'USDT'));
    const { cookie } = await registerBuyer(t.app);
    const res = await buy(t, cookie, { crypto: 'USDT', tokens: '250' });
    expect(res.json<Order>().paymentUri).toBe(`ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH_WALLET}&uint256=2500000`);
  });

  it('refuses bad amounts with a clear message and creates nothing', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ crypto: 'ETH', tokens: '-1' }, 400, /must be a number/],
      [{ crypto: 'ETH', tokens: '0' }, 400, /greater than zero/],
      [{ crypto: 'ETH', tokens: '1e3' }, 400, /must be a number/],
      [{ crypto: 'ETH', tokens: '1e308' }, 400, /must be a number/],
      [{ crypto: 'ETH', tokens: `1.${'1'.repeat(40)}` }, 400, /too long|at most 6 decimals/],
      [{ crypto: 'ETH', tokens: 'abc' }, 400, /must be a number/],
      [{ crypto: 'ETH', tokens: 100 }, 400, /./],
      [{ crypto: 'ETH', tokens: '39.999999' }, 400, /minimum order is 40 PRE/],
      [{ crypto: 'ETH', tokens: '100000.000001' }, 400, /maximum order is 100,000 PRE\./],
      [{ crypto: 'ETH', tokens: '100', payAmount: '1' }, 400, /either the token amount or the pay amount/],
      [{ crypto: 'ETH' }, 400, /either the token amount or the pay amount/],
      [{ crypto: 'NOPE', tokens: '100' }, 400, /not accepted/],
      [{ crypto: 'ETH', tokens: '100', price: '0' }, 400, /./],
      [{ crypto: 'BTC', tokens: '100' }, 409, /Bitcoin is not accepted at the moment/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await buy(t, cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ error: { message: string; fields?: Record<string, string> } }>().error.message + JSON.stringify(res.json<{ error: { fields?: unknown } }>().error.fields ?? {}), JSON.stringify(payload)).toMatch(message);
    }
    expect(await countRows(t, orders)).toBe(0);
  });

  it('refuses orders while the sale is not live, on stale rates and beyond the hard cap', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const hour = 3600_000;
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() + hour), endsAt: new Date(Date.now() + 2 * hour) });
    expect((await buy(t, cookie, { crypto: 'ETH', tokens: '100' })).json()).toMatchObject({ error: { code: 'conflict', message: 'The presale has not started yet.' } });
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) });
    expect((await buy(t, cookie, { crypto: 'ETH', tokens: '100' })).json()).toMatchObject({ error: { message: 'The presale has ended.' } });
    await t.database.db.update(saleSettings).set({ endsAt: new Date(Date.now() + hour), hardCap: '150', softCap: '100' });

    await offerEth(t, { rateSource: 'feed', rateUpdatedAt: new Date(Date.now() - 2 * hour) });
    const stale = await buy(t, cookie, { crypto: 'ETH', tokens: '100' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { message: expect.stringMatching(/ETH rate is out of date/) as unknown } });
    await offerEth(t);

    expect((await buy(t, cookie, { crypto: 'ETH', tokens: '100' })).statusCode).toBe(201);
    const over = await buy(t, cookie, { crypto: 'ETH', tokens: '60' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { message: 'This order would exceed the tokens left in the sale (50 PRE available).' } });
    expect(await countRows(t, orders)).toBe(1);
  });

  it('returns the same order for a repeated Idempotency-Key and refuses it for another body', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const key = { 'idempotency-key': 'order-key-0001' };
    const first = await buy(t, cookie, { crypto: 'ETH', tokens: '100' }, key);
    const again = await buy(t, cookie, { crypto: 'ETH', tokens: '100' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>().id).toBe(first.json<Order>().id);
    const different = await buy(t, cookie, { crypto: 'ETH', tokens: '200' }, key);
    expect(different.statusCode).toBe(409);
    const badKey = await buy(t, cookie, { crypto: 'ETH', tokens: '100' }, { 'idempotency-key': 'no' });
    expect(badKey.statusCode).toBe(400);
    // Concurrent requests with one key still make one order.
    const burst = await Promise.all(Array.from({ length: 8 }, () => buy(t, cookie, { crypto: 'ETH', tokens: '300' }, { 'idempotency-key': 'order-key-0002' })));
    expect(new Set(burst.map((r) => r.json<Order>().id)).size).toBe(1);
    expect(await countRows(t, orders)).toBe(2);
  });

  it('attaches a transaction hash of the right shape', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const order = (await buy(t, cookie, { crypto: 'ETH', tokens: '100' })).json<Order>();
    const url = `/api/orders/${order.id}/tx-hash`;
    const bad = await t.app.inject({ method: 'POST', url, cookies: { [BUYER]: cookie }, payload: { txHash: 'ab'.repeat(32) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { txHash: 'An EVM transaction hash is 0x followed by 64 hex digits.' } } });
    const hash = `0x${'ab'.repeat(32)}`;
    const ok = await t.app.inject({ method: 'POST', url, cookies: { [BUYER]: cookie }, payload: { txHash: hash } });
    expect(ok.json()).toMatchObject({ txHash: hash, explorerUrl: `https://etherscan.io/tx/${hash}` });
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const foreign = await t.app.inject({ method: 'POST', url, cookies: { [BUYER]: other.cookie }, payload: { txHash: hash } });
    expect(foreign.statusCode).toBe(404);
  });

  it('expires pending orders past their window when read', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const order = (await buy(t, cookie, { crypto: 'ETH', tokens: '100' })).json<Order>();
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: cookie } });
    expect(read.json<Order>().status).toBe('expired');
  });
});

describe(`order decisions (${databaseKind})`, () => {
  const t = useTestApp();

  async function setup() {
    await offerEth(t);
    const buyer = await registerBuyer(t.app);
    const operator = await signInOperator(t.app, t.database);
    const order = (await buy(t, buyer.cookie, { crypto: 'ETH', tokens: '1000' })).json<Order>();
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } });
    const row = page.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === order.id);
    if (!row) throw new Error('order missing from the admin list');
    return { buyer, operator, order, orderId: row.orderId };
  }

  const decide = (operator: string, id: number, action: 'approve' | 'reject', note?: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, cookies: { [OPERATOR]: operator }, payload: note === undefined ? {} : { note } });

  it('credits an approved order exactly once, even under 20 concurrent approvals', async () => {
    const { buyer, operator, orderId, order } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => decide(operator, orderId, 'approve')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const entries = await t.database.db.select().from(ledgerEntries);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['bonus', '120.000000'],
      ['purchase', '1000.000000'],
    ]);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [BUYER]: buyer.cookie } });
    expect(me.json()).toMatchObject({ balance: '1120', bonusTokens: '120', usdValue: '11.20', progress: { level: 'Platinum' } });
    const sale = await t.app.inject({ method: 'GET', url: '/api/sale' });
    expect(sale.json()).toMatchObject({ tokensSold: '1000', raisedUsd: '10.00', buyers: 1 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entity).toBe(`order:${order.id}`);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: buyer.cookie } });
    expect(mine.json<Order>().status).toBe('approved');
  });

  it('lets approve and reject race safely: one wins, the order is final', async () => {
    const { operator, orderId } = await setup();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => decide(operator, orderId, i % 2 ? 'approve' : 'reject', 'race')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await t.database.db.select().from(orders);
    const credits = await t.database.db.select().from(ledgerEntries);
    expect(credits.length > 0).toBe(row?.status === 'approved');
    const again = await decide(operator, orderId, row?.status === 'approved' ? 'reject' : 'approve');
    expect(again.statusCode).toBe(409);
  });

  it('approves an expired order whose payment arrived late', async () => {
    const { operator, orderId } = await setup();
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=expired', cookies: { [OPERATOR]: operator } });
    expect(list.json<{ total: number }>().total).toBe(1);
    expect((await decide(operator, orderId, 'approve', 'paid late')).json()).toMatchObject({ status: 'approved', decidedBy: 'operator', decisionNote: 'paid late' });
  });

  it("shows the operator's rejection note to the order's buyer", async () => {
    const { buyer, operator, orderId, order } = await setup();
    expect(order.decisionNote).toBeNull();
    expect((await decide(operator, orderId, 'reject', 'No payment arrived on the ETH network.')).statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: buyer.cookie } });
    expect(mine.json<Order>()).toMatchObject({ status: 'rejected', decisionNote: 'No payment arrived on the ETH network.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', cookies: { [BUYER]: buyer.cookie } });
    expect(list.json<{ orders: Order[] }>().orders[0]?.decisionNote).toBe('No payment arrived on the ETH network.');
  });

  it('deletes pending, expired and rejected orders but never approved ones', async () => {
    const { operator, orderId, buyer } = await setup();
    await decide(operator, orderId, 'approve');
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${orderId}`, cookies: { [OPERATOR]: operator } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'Approved orders are never deleted.' } });
    const second = (await buy(t, buyer.cookie, { crypto: 'ETH', tokens: '50' })).json<Order>();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=pending', cookies: { [OPERATOR]: operator } });
    const secondId = list.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === second.id)?.orderId ?? 0;
    await decide(operator, secondId, 'reject');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${secondId}`, cookies: { [OPERATOR]: operator } });
    expect(deleted.statusCode).toBe(200);
    expect(await countRows(t, orders)).toBe(1);
  });

  it('keeps the ledger append-only in the database itself', async () => {
    const { operator, orderId } = await setup();
    await decide(operator, orderId, 'approve');
    await expect(t.database.db.execute(sql`update ledger_entries set amount = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('pages, filters, sorts and exports orders as CSV', async () => {
    const { operator, buyer } = await setup();
    await buy(t, buyer.cookie, { crypto: 'ETH', tokens: '50' });
    await buy(t, buyer.cookie, { crypto: 'ETH', tokens: '70' });
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/orders?sort=tokens&dir=asc&pageSize=2&page=1', cookies: { [OPERATOR]: operator } });
    const body = page.json<{ orders: AdminOrder[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.orders.map((o) => o.tokens)).toEqual(['50', '70']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=500', cookies: { [OPERATOR]: operator } });
    expect(bad.statusCode).toBe(400);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?status=pending', cookies: { [OPERATOR]: operator } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Transaction ID,Status,Amount,Currency/);
    expect(lines).toHaveLength(4);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ranks buyers by approved deposits with masked e-mails', async () => {
    const { operator, orderId, buyer } = await setup();
    const empty = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(empty.json()).toEqual({ rows: [] });
    await decide(operator, orderId, 'approve');
    const board = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(board.json()).toEqual({ rows: [{ rank: 1, player: 'ad***@e***.com', depositsUsd: '10.00', level: 'Platinum' }] });
    // The level counts every ledger entry: 1000 + 3900 bought and 120 + 390 bonus reach Diamond.
    const second = (await buy(t, buyer.cookie, { crypto: 'ETH', tokens: '3900' })).json<Order>();
    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=pending', cookies: { [OPERATOR]: operator } });
    await decide(operator, pending.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === second.id)?.orderId ?? 0, 'approve');
    const later = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(later.json()).toEqual({ rows: [{ rank: 1, player: 'ad***@e***.com', depositsUsd: '49.00', level: 'Diamond' }] });
  });
});
