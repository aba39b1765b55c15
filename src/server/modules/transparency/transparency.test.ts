// /transparency (issue 16): its figures equal the landing page's, its orders are the approved ones,
// its export recomputes to the chain the database wrote, and tampering with the database or the
// export shows in the check. The overview sums by the same query.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { Sale } from '@/contracts/sale';
import { ledgerExportSchema, overviewSchema, publicOrdersPageSchema, transparencySchema, type LedgerExport } from '@/contracts/transparency';
import { dec } from '@/domain/decimal';
import { entryHash, GENESIS_HASH, verifyLedger } from '@/domain/ledger-chain';
import { cryptos, ledgerHeads, saleSettings, saleStages } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_TX = `0x${'ab'.repeat(32)}`;

async function offer(t: TestContext) {
  await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
  await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '6500000', usdPrice: '65000', address: BTC_WALLET, enabled: true }).where(eq(cryptos.code, 'BTC'));
}

/** Three buyers; four approved orders in ETH and BTC, one rejected, one left pending. */
async function sale(t: TestContext) {
  await offer(t);
  const operator = await signInOperator(t.app, t.database);
  const buyers = [await registerBuyer(t.app, { email: 'alice@example.com' }), await registerBuyer(t.app, { email: 'bob@example.org' }), await registerBuyer(t.app, { email: 'carol@example.net' })];
  const buy = async (cookie: string, crypto: string, tokens: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto, tokens } });
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
    return res.json<Order>();
  };
  const made = [
    await buy(nth(buyers, 0).cookie, 'ETH', '1000'),
    await buy(nth(buyers, 1).cookie, 'BTC', '20000'),
    await buy(nth(buyers, 0).cookie, 'BTC', '1500'),
    await buy(nth(buyers, 2).cookie, 'ETH', '700'),
    await buy(nth(buyers, 2).cookie, 'ETH', '300'),
    await buy(nth(buyers, 1).cookie, 'ETH', '400'),
  ];
  // The buyer attaches the first order's hash: the public list links it to the explorer.
  await t.app.inject({ method: 'POST', url: `/api/orders/${nth(made, 0).id}/tx-hash`, cookies: { [BUYER]: nth(buyers, 0).cookie }, payload: { txHash: ETH_TX } });
  const page = await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=100', cookies: { [OPERATOR]: operator } });
  const idOf = (order: Order) => page.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === order.id)?.orderId ?? 0;
  const decide = async (order: Order, action: 'approve' | 'reject') => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${idOf(order)}/${action}`, cookies: { [OPERATOR]: operator }, payload: {} });
    if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
  };
  for (const order of made.slice(0, 4)) await decide(order, 'approve');
  await decide(nth(made, 4), 'reject');
  return { operator, made, idOf };
}

/** The element at `i`, which the test knows is there. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no element ${i}`);
  return item;
}

const get = async <T>(t: TestContext, url: string, schema: { parse: (v: unknown) => T }, cookies: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, cookies });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
};

describe(`transparency (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });

  it("shows each stage's price, allocation, tokens sold and when it opened and closed: the sums of the approved orders' pieces", async () => {
    await t.database.db.delete(saleStages);
    await t.database.db.insert(saleStages).values([
      { position: 1, name: 'Seed', priceUsd: '0.01', allocation: '1500' },
      { position: 2, name: 'Private', priceUsd: '0.0125', allocation: '21000' },
      { position: 3, name: 'Public', priceUsd: '0.015', allocation: '100000' },
    ]);
    await t.database.db.update(saleSettings).set({ hardCap: '122500' });
    // 1,000 in Seed; 20,000 = Seed's last 500 + 19,500 in Private; 1,500 sells Private out; 700 in Public; 300 rejected; 400 pending.
    await sale(t);
    const page = await get(t, '/api/transparency', transparencySchema);
    const summed = (await t.database.db.execute(sql`
      select s.position, s.tokens_sold::text as kept,
             (select coalesce(sum((p->>'tokens')::numeric), 0) from orders o cross join lateral jsonb_array_elements(o.stage_pieces) as p
               where o.status = 'approved' and (p->>'stageId')::int = s.id)::text as pieces
        from sale_stages s order by s.position`)) as { rows: { position: number; pieces: string; kept: string }[] };
    expect(summed.rows.map((r) => [dec(r.pieces).toString(), dec(r.kept).toString()])).toEqual([
      ['1500', '1500'],
      ['21000', '21000'],
      ['700', '700'],
    ]);
    expect(page.stages.map((s) => s.tokensSold)).toEqual(summed.rows.map((r) => dec(r.pieces).toString()));
    expect(page.stages).toMatchObject([
      { number: 1, name: 'Seed', priceUsd: '0.01', allocation: '1500', state: 'closed', closeReason: 'sold_out', openedAt: expect.any(String) as unknown, closedAt: expect.any(String) as unknown },
      { number: 2, name: 'Private', priceUsd: '0.0125', allocation: '21000', state: 'closed', closeReason: 'sold_out', closedAt: expect.any(String) as unknown },
      { number: 3, name: 'Public', priceUsd: '0.015', allocation: '100000', state: 'current', closedAt: null },
    ]);
    // Each stage opened when the one before it closed.
    expect(page.stages[1]?.openedAt).toBe(page.stages[0]?.closedAt);
    expect(page.stages[2]?.openedAt).toBe(page.stages[1]?.closedAt);
    // The per-stage figures add up to the sale's.
    expect(page.stages.reduce((sum, s) => sum.plus(s.tokensSold), dec(0)).toString()).toBe(dec(page.totals.tokensSold).toString());
  });

  it('shows the same totals as the landing page, per crypto, with the receiving addresses', async () => {
    await sale(t);
    const page = await get(t, '/api/transparency', transparencySchema);
    const landing = (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();
    expect(page.totals.raisedUsd).toBe(landing.raisedUsd);
    expect(page.totals.tokensSold).toBe(landing.tokensSold);
    expect(page.totals.buyers).toBe(landing.buyers);
    expect(page.totals).toMatchObject({ tokensSold: '23200', orders: 4, buyers: 3 });
    expect(page.perCrypto.map((c) => [c.code, c.tokens, c.orders])).toEqual([
      ['BTC', '21500', 2],
      ['ETH', '1700', 2],
    ]);
    // Each crypto's amount is what its orders were approved for.
    expect(dec(page.perCrypto.find((c) => c.code === 'ETH')?.amount ?? '0').gt(0)).toBe(true);
    expect(page.addresses).toEqual(
      expect.arrayContaining([
        { code: 'ETH', name: 'Ethereum', network: 'evm', chainId: 1, address: ETH_WALLET, explorerUrl: `https://etherscan.io/address/${ETH_WALLET}` },
        { code: 'BTC', name: 'Bitcoin', network: 'bitcoin', chainId: null, address: BTC_WALLET, explorerUrl: `https://mempool.space/address/${BTC_WALLET}` },
      ]) as unknown,
    );
    expect(page.verification.filter((v) => v.code === 'ETH' || v.code === 'BTC').every((v) => !v.automatic)).toBe(true);
    // Four orders credit a purchase and a bonus each: eight entries; the ledger's total is tokens and bonus.
    expect(page.ledger.head.seq).toBe(8);
    expect(page.ledger.total).toBe(dec(page.totals.tokensSold).plus(dec(page.totals.bonusTokens)).toFixed());
  });

  it('lists only the currencies on offer as places to pay, and still sums orders in any currency', async () => {
    await sale(t);
    // BTC is withdrawn after its orders were approved; USDT is enabled with an address but has no rate yet; LTC has an address but is disabled.
    await t.database.db.update(cryptos).set({ enabled: false }).where(eq(cryptos.code, 'BTC'));
    await t.database.db.update(cryptos).set({ enabled: true, rate: null, address: ETH_WALLET }).where(eq(cryptos.code, 'USDT'));
    await t.database.db.update(cryptos).set({ enabled: false, rate: '5000', usdPrice: '50', address: 'ltc1qg82tez0lg8dfhmwe0yhgg0vnvklnvlx9dwxh2f' }).where(eq(cryptos.code, 'LTC'));
    const page = await get(t, '/api/transparency', transparencySchema);
    expect(page.addresses.map((a) => a.code)).toEqual(['ETH']);
    expect(page.verification.map((v) => v.code)).toEqual(['ETH']);
    expect(page.perCrypto.map((c) => c.code)).toEqual(['BTC', 'ETH']);
  });

  it('lists every approved order, newest first, masked, with its tx hash and ledger entries', async () => {
    const { made, idOf } = await sale(t);
    const first = await get(t, '/api/transparency/orders?pageSize=3', publicOrdersPageSchema);
    expect(first.total).toBe(4);
    expect(first.orders.map((o) => o.orderId)).toEqual([3, 2, 1].map((i) => idOf(nth(made, i))));
    const second = await get(t, '/api/transparency/orders?pageSize=3&page=2', publicOrdersPageSchema);
    const oldest = second.orders[0];
    expect(oldest).toMatchObject({ orderId: idOf(nth(made, 0)), buyer: 'al***@e***.com', tokens: '1000', bonusTokens: '120', txHash: ETH_TX, explorerUrl: `https://etherscan.io/tx/${ETH_TX}` });
    expect(oldest?.ledger.map((e) => e.kind)).toEqual(['purchase', 'bonus']);
    // No e-mail address, name or internal note leaves in the public list.
    const text = JSON.stringify([first, second]);
    expect(text).not.toContain('alice@');
    expect(text).not.toContain('example.org');

    const csv = await t.app.inject({ method: 'GET', url: '/api/transparency/orders.csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(ETH_TX);
    expect(csv.body).not.toContain('alice@');
  });

  it('shows the buyer the hashes of an approved order’s ledger entries', async () => {
    await offer(t);
    const operator = await signInOperator(t.app, t.database);
    const buyer = await registerBuyer(t.app);
    const order = (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'ETH', tokens: '1000' } })).json<Order>();
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, cookies: { [BUYER]: buyer.cookie } })).json<Order>();
    expect((await read()).ledger).toEqual([]);
    const admin = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } })).json<{ orders: AdminOrder[] }>();
    await t.app.inject({ method: 'POST', url: `/api/admin/orders/${admin.orders[0]?.orderId}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });
    const exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    expect((await read()).ledger).toEqual(exported.entries.map((e) => ({ seq: e.seq, kind: e.kind, amount: dec(e.amount).toFixed(), hash: e.hash })));
  });

  it('exports a chain that recomputes to the database’s hashes and matches the approved orders', async () => {
    await sale(t);
    const exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    expect(exported.entries).toHaveLength(8);
    expect(exported.entries[0]?.prevHash).toBe(GENESIS_HASH);
    expect(exported.entries[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const check = verifyLedger({ entries: exported.entries, head: exported.head, orders: exported.orders });
    expect(check).toEqual({ ok: true, entries: 8, head: exported.head, savedHeads: 0 });
    const page = await get(t, '/api/transparency', transparencySchema);
    expect(page.ledger.head).toEqual(exported.head);
  });

  it('finds an edited, a removed and a reordered entry, and an order that differs from its credits', async () => {
    await sale(t);
    const exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    const copy = (): LedgerExport => structuredClone(exported);

    const edited = copy();
    nth(edited.entries, 2).amount = '999999.000000';
    expect(verifyLedger(edited)).toMatchObject({ ok: false, seq: 3, problem: expect.stringContaining('does not match its hash') as unknown });

    const removed = copy();
    removed.entries.splice(4, 1);
    expect(verifyLedger(removed)).toMatchObject({ ok: false, seq: 6 });

    const reordered = copy();
    reordered.entries.splice(1, 2, nth(reordered.entries, 2), nth(reordered.entries, 1));
    expect(verifyLedger(reordered)).toMatchObject({ ok: false, seq: 3 });

    // An edit that recomputes every hash after it still breaks the head anyone saved.
    const rewritten = copy();
    nth(rewritten.entries, 0).amount = '1.000000';
    let prev = GENESIS_HASH;
    for (const e of rewritten.entries) {
      e.prevHash = prev;
      e.hash = entryHash(prev, e);
      prev = e.hash;
    }
    expect(verifyLedger({ entries: rewritten.entries })).toMatchObject({ ok: true });
    expect(verifyLedger({ entries: rewritten.entries, savedHeads: [exported.head] })).toMatchObject({ ok: false, seq: 8, problem: expect.stringContaining('rewritten') as unknown });
    expect(verifyLedger({ entries: rewritten.entries, orders: exported.orders })).toMatchObject({ ok: false, problem: expect.stringContaining('the ledger credits 1') as unknown });

    const order = copy();
    nth(order.orders, 0).tokens = dec(nth(order.orders, 0).tokens).plus(1).toFixed();
    expect(verifyLedger(order)).toMatchObject({ ok: false, problem: expect.stringContaining(`Order ${nth(order.orders, 0).orderId} says`) as unknown });

    const dropped = copy();
    dropped.orders.pop();
    expect(verifyLedger(dropped)).toMatchObject({ ok: false, problem: expect.stringContaining('not in the list of approved orders') as unknown });
  });

  it('shows a change made in the database behind the application’s back', async () => {
    await sale(t);
    const db = t.database.db;
    // Someone with the database's password edits an amount and removes an entry (the append-only trigger switched off).
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    await db.execute(sql`update ledger_entries set amount = amount + 1 where seq = 5`);
    let exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    expect(verifyLedger(exported)).toMatchObject({ ok: false, seq: 5 });
    await db.execute(sql`update ledger_entries set amount = amount - 1 where seq = 5`);
    await db.execute(sql`delete from ledger_entries where seq = 8`);
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    // The chain up to 7 still holds, but the approved order that entry 8 credited is no longer credited in full.
    expect(verifyLedger({ entries: exported.entries })).toMatchObject({ ok: true, entries: 7 });
    expect(verifyLedger(exported)).toMatchObject({ ok: false, problem: expect.stringContaining('the ledger credits 0') as unknown });
  });

  it('records one head per UTC day, and an earlier head can be checked against the chain', async () => {
    const day1 = new Date('2026-11-20T08:00:00Z');
    expect(await t.app.ledgerHead.runOnce(day1)).toBe(false);
    await sale(t);
    expect(await t.app.ledgerHead.runOnce(day1)).toBe(true);
    expect(await t.app.ledgerHead.runOnce(new Date('2026-11-20T23:59:00Z'))).toBe(false);
    const page = await get(t, '/api/transparency', transparencySchema);
    expect(page.dailyHeads).toEqual([{ day: '2026-11-20', seq: 8, hash: page.ledger.head.hash, recordedAt: day1.toISOString() }]);
    const exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    expect(verifyLedger({ entries: exported.entries, savedHeads: exported.dailyHeads })).toMatchObject({ ok: true, savedHeads: 1 });
    const rows = await t.database.db.select().from(ledgerHeads);
    expect(rows).toHaveLength(1);
    // A published head is never changed or removed.
    await expect(t.database.db.update(ledgerHeads).set({ seq: 1 })).rejects.toThrow();
    await expect(t.database.db.delete(ledgerHeads)).rejects.toThrow();
    expect(await t.database.db.select().from(ledgerHeads)).toEqual(rows);
  });

  it('gives the operator charts summed by the same query as the public page', async () => {
    const { operator } = await sale(t);
    // A buyer who registered and never ordered counts only as registered.
    await registerBuyer(t.app, { email: 'erin@example.com' });
    const overview = await get(t, '/api/admin/overview?range=sale', overviewSchema, { [OPERATOR]: operator });
    const page = await get(t, '/api/transparency', transparencySchema);
    expect(overview.perCrypto).toEqual(page.perCrypto);
    const approvedTokens = overview.approved.reduce((sum, d) => sum.plus(dec(d.tokens)), dec(0));
    expect(approvedTokens.toFixed()).toBe(page.totals.tokensSold);
    const today = new Date().toISOString().slice(0, 10);
    expect(overview.to).toBe(today);
    expect(overview.ordersByStatus).toEqual(
      expect.arrayContaining([
        { day: today, status: 'approved', orders: 4 },
        { day: today, status: 'rejected', orders: 1 },
        { day: today, status: 'pending', orders: 1 },
      ]) as unknown,
    );
    expect(overview.newBuyers).toEqual([{ day: today, buyers: 4 }]);
    expect(overview.funnel).toEqual({ registered: 4, ordered: 3, approved: 3 });
    expect(overview.approvalMinutes.orders).toBe(4);
    expect(overview.approvalMinutes.median).toBeGreaterThanOrEqual(0);
    const week = await get(t, '/api/admin/overview?range=7d', overviewSchema, { [OPERATOR]: operator });
    expect(week.perCrypto).toEqual(page.perCrypto);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/overview?range=year', cookies: { [OPERATOR]: operator } });
    expect(bad.statusCode).toBe(400);
  });

  it('verifies a downloaded export with `npm run verify-ledger`, and names the first entry that does not match', async () => {
    await sale(t);
    const exported = await get(t, '/api/transparency/ledger.json', ledgerExportSchema);
    const dir = await mkdtemp(join(tmpdir(), 'presale-ledger-'));
    const run = async (file: string, ...args: string[]) => {
      try {
        const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/verify-ledger.ts', file, ...args]);
        return { code: 0, out: stdout };
      } catch (e) {
        const failed = e as { code: number; stderr: string };
        return { code: failed.code, out: failed.stderr };
      }
    };
    const good = join(dir, 'ledger.json');
    await writeFile(good, JSON.stringify(exported));
    expect(await run(good, '--head', `${exported.head.seq}:${exported.head.hash}`)).toMatchObject({ code: 0, out: expect.stringContaining('The ledger verifies: 8 entries') as unknown });

    const tampered = structuredClone(exported);
    nth(tampered.entries, 2).amount = '5.000000';
    const bad = join(dir, 'tampered.json');
    await writeFile(bad, JSON.stringify(tampered));
    expect(await run(bad)).toMatchObject({ code: 1, out: expect.stringContaining('at entry 3') as unknown });
    expect(await run(good, '--head', `3:${'0'.repeat(64)}`)).toMatchObject({ code: 1, out: expect.stringContaining('not to the saved') as unknown });
    expect(await run(join(dir, 'missing.json'))).toMatchObject({ code: 2 });
  }, 60_000);
});
