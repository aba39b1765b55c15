// The database keeps the sale's running totals and the hard cap itself (migration 0007), and an
// order's quick path inserts only while its quote's inputs still hold.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/contracts/orders';
import { cryptos, orders, saleSettings, saleStages } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { hardCapRefusal } from '../../db/errors';
import { insertOrderIfQuoteHolds, insertQuotedOrders, type QuotedOrder } from './order-creation.repository';
import { QuickOrderBatch } from './quick-order-batch';
import { lockSale } from '../sale/sale.service';
import { sellInOneStage } from '../../test/one-stage-sale';

const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH = { code: 'ETH', usdPrice: '3000', address: ETH_WALLET, network: 'evm', chainId: 1, tokenContract: null, decimals: 18 } as const;

async function offerEth(t: TestContext) {
  await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
}

/** The running totals beside the sums they stand for. */
async function totals(t: TestContext) {
  const [kept] = await t.database.db.select({ committed: saleSettings.tokensCommitted, sold: saleSettings.tokensSold }).from(saleSettings);
  const [summed] = await t.database.db
    .select({
      committed: sql<string>`coalesce(sum(${orders.tokens}) filter (where ${orders.status} in ('pending', 'approved')), 0)::numeric(38,6)::text`,
      sold: sql<string>`coalesce(sum(${orders.tokens}) filter (where ${orders.status} = 'approved'), 0)::numeric(38,6)::text`,
    })
    .from(orders);
  return { kept, summed };
}

/** A transaction holding the sale's lock until released. */
function holdSaleLock(t: TestContext) {
  let taken!: () => void;
  let release!: () => void;
  const takenP = new Promise<void>((r) => (taken = r));
  const released = new Promise<void>((r) => (release = r));
  const done = t.database.db.transaction(async (tx) => {
    await lockSale(tx);
    taken();
    await released;
  });
  return { taken: takenP, release, done };
}

describe(`sale totals and the quick order path (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });

  function quoted(userId: number, changes: Partial<QuotedOrder> = {}): QuotedOrder {
    const now = new Date();
    const tokens = changes.tokens ?? '100';
    return {
      publicId: `quick-${Math.random().toString(36).slice(2)}`,
      userId,
      crypto: ETH,
      // The sale's one stage (identities restart with every test).
      stageId: 1,
      priceUsd: '0.01',
      rate: '300000',
      stagePieces: [{ stageId: 1, stageNumber: 1, stageName: 'Stage 1', tokens, priceUsd: '0.01', rate: '300000', payAmount: '0.000334', usdAmount: '1' }],
      orderExpiryMinutes: 60,
      expiresAt: new Date(now.getTime() + 3600_000),
      tokens: '100',
      bonusTokens: '5',
      payAmount: '0.000334',
      usdAmount: '1',
      idempotencyKey: null,
      requestFingerprint: 'print',
      now,
      freshRatesSince: new Date(now.getTime() - 3600_000),
      eligibility: { declaredCountry: 'DE', address: '127.0.0.1', addressCountry: null, lookup: 'no_database', restrictedBy: [], verdict: 'allowed', checkedAt: now.toISOString() },
      ...changes,
    };
  }

  it('inserts only while the price, rate, offer and sale the quote used still hold', async () => {
    await offerEth(t);
    const { id } = await registerBuyer(t.app);
    const made = await insertOrderIfQuoteHolds(t.database.db, quoted(id));
    if (!made) throw new Error('no order made');
    // What it returns is what it stored.
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, made.id));
    expect(stored).toMatchObject({ publicId: made.publicId, userId: id, status: 'pending', tokens: '100.000000', bonusTokens: '5.000000', rate: '300000.000000', address: ETH_WALLET, network: 'evm', chainId: 1, decimals: 18, tokenContract: null });
    expect(stored?.expiresAt).toEqual(made.expiresAt);
    expect(stored?.createdAt).toEqual(made.createdAt);
    expect(made.expiresAt.getTime() - made.createdAt.getTime()).toBe(60 * 60_000);

    const hour = 3600_000;
    const refused: [string, Partial<QuotedOrder>, () => Promise<unknown>][] = [
      ['another price', { priceUsd: '0.02' }, async () => undefined],
      ['another payment window', { orderExpiryMinutes: 30 }, async () => undefined],
      ['another USD price of the crypto', { crypto: { ...ETH, usdPrice: '2900' } }, async () => undefined],
      ['another stage', { stageId: 2 }, async () => undefined],
      ['a closed stage', {}, () => t.database.db.update(saleStages).set({ closedAt: new Date(), closeReason: 'ended_early' })],
      ['a stage past its end', {}, () => t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - 1000) })],
      ['a pending order past its window, not yet expired', {}, () => t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) })],
      [
        'an earlier stage still open',
        {},
        () => t.database.db.insert(saleStages).values({ position: 0, name: 'Seed', priceUsd: '0.005', allocation: '1000' }),
      ],
      ['another wallet', { crypto: { ...ETH, address: '0x0000000000000000000000000000000000000001' } }, async () => undefined],
      ['another chain', { crypto: { ...ETH, chainId: 56 } }, async () => undefined],
      ['an unknown crypto', { crypto: { ...ETH, code: 'NOPE' } }, async () => undefined],
      ['a stale feed rate', {}, () => t.database.db.update(cryptos).set({ rateSource: 'feed', rateUpdatedAt: new Date(Date.now() - 2 * hour) }).where(eq(cryptos.code, 'ETH'))],
      ['a disabled crypto', {}, () => t.database.db.update(cryptos).set({ enabled: false }).where(eq(cryptos.code, 'ETH'))],
      ['a crypto without wallet', {}, () => t.database.db.update(cryptos).set({ address: '' }).where(eq(cryptos.code, 'ETH'))],
      ['a sale not started', {}, () => t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() + hour), endsAt: new Date(Date.now() + 2 * hour) })],
      ['an ended sale', {}, () => t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) })],
    ];
    for (const [what, changes, arrange] of refused) {
      await arrange();
      expect(await insertOrderIfQuoteHolds(t.database.db, quoted(id, changes)), what).toBeUndefined();
      await offerEth(t);
      await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) });
      await t.database.db.delete(saleStages).where(eq(saleStages.position, 0));
      await t.database.db.update(saleStages).set({ closedAt: null, closeReason: null, endsAt: null });
      await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() + hour) });
    }
    expect(await insertOrderIfQuoteHolds(t.database.db, quoted(id))).toBeDefined();
    // A used Idempotency-Key makes nothing here; the checked path answers with the first order.
    expect(await insertOrderIfQuoteHolds(t.database.db, quoted(id, { idempotencyKey: 'key-0001' }))).toBeDefined();
    expect(await insertOrderIfQuoteHolds(t.database.db, quoted(id, { idempotencyKey: 'key-0001' }))).toBeUndefined();
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(count?.n).toBe(3);
  });

  it('keeps the committed and sold tokens equal to the sums of the orders through every change', async () => {
    await offerEth(t);
    const buyer = await registerBuyer(t.app);
    const operator = await signInOperator(t.app, t.database);
    // This buyer's orders all stay open for a while: allow them (order-limits.test.ts tests the limit).
    await t.database.db.update(saleSettings).set({ maxPendingOrders: 20 });
    const buy = async (tokens: string) => (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens } })).json<Order>();
    const idOf = async (publicId: string) => (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId)))[0]?.id ?? 0;
    const decide = async (publicId: string, action: 'approve' | 'reject') =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${await idOf(publicId)}/${action}`, cookies: { presale_operator_session: operator }, payload: {} });

    const a = await buy('100');
    const b = await buy('250.5');
    const c = await buy('1000');
    const d = await buy('40');
    expect(await totals(t)).toEqual({ kept: { committed: '1390.500000', sold: '0.000000' }, summed: { committed: '1390.500000', sold: '0.000000' } });
    await decide(a.id, 'approve');
    await decide(b.id, 'reject');
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.publicId, c.id));
    await t.app.orders.expireOverdue();
    expect((await totals(t)).kept).toEqual({ committed: '140.000000', sold: '100.000000' });
    // A late payment: the expired order is approved and counts again.
    await decide(c.id, 'approve');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${await idOf(d.id)}`, cookies: { presale_operator_session: operator } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const end = await totals(t);
    expect(end.kept).toEqual({ committed: '1100.000000', sold: '1100.000000' });
    expect(end.kept).toEqual(end.summed);
  });

  it('refuses in the database itself a pending order beyond the hard cap, naming the tokens left', async () => {
    await offerEth(t);
    const { id } = await registerBuyer(t.app);
    await t.database.db.update(saleSettings).set({ hardCap: '150' });
    await insertOrderIfQuoteHolds(t.database.db, quoted(id));
    const error = await insertOrderIfQuoteHolds(t.database.db, quoted(id, { tokens: '60' })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(hardCapRefusal(error)).toEqual({ tokensLeft: '50.000000' });
    expect((await totals(t)).kept).toEqual({ committed: '100.000000', sold: '0.000000' });
  });

  it('sells exactly up to the hard cap when many buyers order at once', async () => {
    await offerEth(t);
    await t.database.db.update(saleSettings).set({ hardCap: '1000' });
    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => registerBuyer(t.app, { email: `cap${i}@example.com` })));
    const results = await Promise.all(
      buyers.map((b) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: b.cookie }, payload: { crypto: 'ETH', tokens: '100' } })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json()).toMatchObject({ error: { message: 'This order would exceed the tokens left in the sale (0 PRE available).' } });
    expect((await totals(t)).kept).toEqual({ committed: '1000.000000', sold: '0.000000' });
  });

  it('releases the tokens of overdue orders before refusing a new one', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    await t.database.db.update(saleSettings).set({ hardCap: '150' });
    const order = (p: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookie }, payload: p });
    expect((await order({ crypto: 'ETH', tokens: '100' })).statusCode).toBe(201);
    // Its window closes; no job has marked it expired yet, but its tokens are free again.
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await order({ crypto: 'ETH', tokens: '120' })).statusCode).toBe(201);
    expect((await t.database.db.select({ status: orders.status }).from(orders)).map((o) => o.status).sort()).toEqual(['expired', 'pending']);
  });

  it('once its last stage sold out, refuses orders without waiting for the sale\'s lock, and a repeated key still returns its order', async () => {
    await sellInOneStage(t.database.db, '200');
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => registerBuyer(t.app, { email: `late${i}@example.com` })));
    const [first, ...others] = buyers;
    if (!first) throw new Error('no buyer');
    const order = (cookie: string, key?: string) =>
      t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookie }, headers: key ? { 'idempotency-key': key } : {}, payload: { crypto: 'ETH', tokens: '200' } });
    const made = await order(first.cookie, 'last-tokens-1');
    expect(made.statusCode).toBe(201);
    // Hold the sale's lock as a checked order or a decision would (on PostgreSQL: PGlite runs one transaction at a time).
    const held = databaseKind === 'postgres' ? holdSaleLock(t) : undefined;
    await held?.taken;
    try {
      const refused = await Promise.all(others.map((b) => order(b.cookie)));
      for (const r of refused) expect(r.json()).toMatchObject({ error: { message: 'The presale is sold out.' } });
      const again = await order(first.cookie, 'last-tokens-1');
      expect([again.statusCode, again.json<Order>().id]).toEqual([200, made.json<Order>().id]);
    } finally {
      held?.release();
      await held?.done;
    }
    expect((await totals(t)).kept).toEqual({ committed: '200.000000', sold: '0.000000' });
  });

  it("records a stage's closing with the first order after its end and tells every instance, so the next orders are quick again", async () => {
    await offerEth(t);
    await t.database.db.delete(saleStages);
    await t.database.db.insert(saleStages).values([
      { position: 1, name: 'Stage 1', priceUsd: '0.01', allocation: '1000', endsAt: new Date(Date.now() + 60_000) },
      { position: 2, name: 'Stage 2', priceUsd: '0.02', allocation: '1000' },
    ]);
    await t.database.db.update(saleSettings).set({ hardCap: '2000', priceUsd: '0.01' });
    const { cookie } = await registerBuyer(t.app);
    const order = async () => (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookie }, payload: { crypto: 'ETH', tokens: '100' } })).json<Order>().pieces.map((p) => p.priceUsd);
    expect(await order()).toEqual(['0.01']);
    // Stage 1's end passes: the sale as this instance last read it still has stage 1 open.
    await t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(saleStages.position, 1));
    const heard: string[] = [];
    const stop = t.app.events.subscribe((e) => heard.push(e.type));
    try {
      expect(await order()).toEqual(['0.02']);
      expect(heard).toContain('sale');
    } finally {
      stop();
    }
    const [first] = await t.database.db.select({ closedAt: saleStages.closedAt }).from(saleStages).where(eq(saleStages.position, 1));
    expect(first?.closedAt).not.toBeNull();
    expect(await order()).toEqual(['0.02']);
  });

  it('makes a batch of orders in one statement, each checked on its own', async () => {
    await offerEth(t);
    const a = await registerBuyer(t.app);
    const b = await registerBuyer(t.app, { email: 'b@example.com' });
    const batch = [
      quoted(a.id, { tokens: '100' }),
      quoted(b.id, { crypto: { ...ETH, usdPrice: '1' } }),
      quoted(a.id, { idempotencyKey: 'same-key-01', tokens: '200' }),
      quoted(a.id, { idempotencyKey: 'same-key-01', tokens: '300' }),
      quoted(b.id, { tokens: '400', crypto: { ...ETH, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' } }),
      quoted(b.id, { tokens: '500' }),
    ];
    const made = await insertQuotedOrders(t.database.db, batch);
    expect([...made.values()].map((o) => [o.userId, o.tokens])).toEqual([
      [a.id, '100'],
      [a.id, '200'],
      [b.id, '500'],
    ]);
    const stored = await t.database.db.select({ publicId: orders.publicId, tokens: orders.tokens }).from(orders).orderBy(orders.id);
    expect(stored.map((o) => o.publicId).sort()).toEqual([...made.keys()].sort());
    expect((await totals(t)).kept).toEqual({ committed: '800.000000', sold: '0.000000' });
  });

  it('lets the orders of a batch that fit under the hard cap in, and refuses the rest one by one', async () => {
    await offerEth(t);
    const { id } = await registerBuyer(t.app);
    await t.database.db.update(saleSettings).set({ hardCap: '1000', maxPendingOrders: 20 });
    const queue = new QuickOrderBatch(t.database.db);
    // Queued in one turn of the event loop: one batch, which the database refuses as a whole.
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        queue.insert(quoted(id)).then(
          (row) => (row ? 'made' : 'not made'),
          (e: unknown) => (hardCapRefusal(e) ? 'over the cap' : String(e)),
        ),
      ),
    );
    expect(results.filter((r) => r === 'made')).toHaveLength(10);
    expect(results.filter((r) => r === 'over the cap')).toHaveLength(5);
    expect((await totals(t)).kept).toEqual({ committed: '1000.000000', sold: '0.000000' });
  });
});

describe(`a stage selling out (${databaseKind})`, () => {
  const t = useTestApp();

  it('closes in the statement that sells its last tokens, in the audit log, and every page hears of it', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    await t.database.db.update(saleStages).set({ allocation: '150' });
    await t.database.db.insert(saleStages).values({ position: 2, name: 'Stage 2', priceUsd: '0.02', allocation: '1000' });
    t.app.saleFigures.invalidate();
    const heard: string[] = [];
    const stop = t.app.events.subscribe((e) => heard.push(e.type));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookie }, payload: { crypto: 'ETH', tokens: '200' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Order>().pieces.map((p) => [p.stage, p.tokens, p.priceUsd])).toEqual([
        [1, '150', '0.01'],
        [2, '50', '0.02'],
      ]);
      // Told by the database itself (orders publish no sale event of their own).
      await expect.poll(() => heard).toContain('sale');
    } finally {
      stop();
    }
    const [first] = await t.database.db.select().from(saleStages).where(eq(saleStages.position, 1));
    expect(first).toMatchObject({ closeReason: 'sold_out', committedAtClose: '150.000000', tokensCommitted: '150.000000' });
    expect(first?.closedAt).not.toBeNull();
    const audit = await t.database.db.execute(sql`select operator_login, action, entity, "after" from audit_log where action = 'stage.closed'`);
    expect((audit as { rows: unknown[] }).rows).toEqual([
      { operator_login: 'Automatic', action: 'stage.closed', entity: `stage:${first?.id}`, after: { stage: 1, name: 'Stage 1', reason: 'sold_out', tokensCommitted: '150.000000', tokensSold: '0.000000' } },
    ]);
    // The public view has moved on: stage 2 is current at its price.
    const sale = (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<{ currentStage: number; priceUsd: string; stages: { state: string; tokensLeft: string }[] }>();
    expect(sale).toMatchObject({ currentStage: 2, priceUsd: '0.02' });
    expect(sale.stages.map((s) => [s.state, s.tokensLeft])).toEqual([
      ['closed', '0'],
      ['current', '950'],
    ]);
  });
});
