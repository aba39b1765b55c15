// No buyer can hold the sale hostage: a limit of pending orders per buyer kept by the database,
// order creation throttled per account and per address, and a late approval that would pass the
// hard cap refused unless the operator confirms an audited override.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import { saleSettingsBodyOf, type SaleSettings } from '@/contracts/sale';
import { auditLog, cryptos, ledgerEntries, orders, saleSettings } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function offerEth(t: TestContext) {
  await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
}

function buy(t: TestContext, cookie: string, tokens = '100', remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens }, ...(remoteAddress ? { remoteAddress } : {}) });
}

async function pendingOf(t: TestContext, userId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

describe(`pending orders per buyer (${databaseKind})`, () => {
  const t = useTestApp();

  it('refuses a 4th pending order with a 409 that names the open ones, and leaves other buyers alone', async () => {
    await offerEth(t);
    const { cookie, id } = await registerBuyer(t.app);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await buy(t, cookie);
      expect(res.statusCode).toBe(201);
      made.push(res.json<Order>().id);
    }
    const fourth = await buy(t, cookie);
    expect(fourth.statusCode).toBe(409);
    const body = fourth.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('too_many_pending');
    expect(body.error.message).toMatch(/already have 3 orders awaiting payment/);
    for (const orderId of made) expect(body.error.message).toContain(`#${orderId}`);
    expect(Object.values(body.error.fields).sort()).toEqual([...made].sort());
    expect(await pendingOf(t, id)).toBe(3);

    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    expect((await buy(t, other.cookie)).statusCode).toBe(201);
  });

  it('lets a buyer order again once one of their orders is decided or expires', async () => {
    await offerEth(t);
    const { cookie, id } = await registerBuyer(t.app);
    for (let i = 0; i < 3; i++) expect((await buy(t, cookie)).statusCode).toBe(201);
    expect((await buy(t, cookie)).statusCode).toBe(409);
    // One window closes: the order still reads "pending" until expired, and creation expires it first.
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, sql`(select min(id) from orders where user_id = ${id})`));
    expect((await buy(t, cookie)).statusCode).toBe(201);
    expect(await pendingOf(t, id)).toBe(3);
  });

  it('holds under 12 simultaneous orders from one buyer: exactly the limit is made', async () => {
    await offerEth(t);
    const { cookie, id } = await registerBuyer(t.app);
    const results = await Promise.all(Array.from({ length: 12 }, () => buy(t, cookie)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await pendingOf(t, id)).toBe(3);
  });

  it('is enforced by the database itself, for any statement that adds pending orders', async () => {
    await offerEth(t);
    const { id } = await registerBuyer(t.app);
    const row = (n: number) => ({
      publicId: `direct${n}`,
      userId: id,
      cryptoCode: 'ETH',
      address: ETH_WALLET,
      tokens: '100',
      bonusTokens: '0',
      payAmount: '1',
      rate: '300000',
      usdAmount: '1',
      priceUsd: '0.01',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await expect(t.database.db.insert(orders).values([row(1), row(2), row(3), row(4)])).rejects.toMatchObject({ cause: { code: 'PS002' } });
    expect(await pendingOf(t, id)).toBe(0);
    await t.database.db.insert(orders).values([row(1), row(2), row(3)]);
    await expect(t.database.db.insert(orders).values(row(4))).rejects.toMatchObject({ cause: { code: 'PS002' } });
  });

  it('reads counts the database keeps through every change to a buyer\'s pending orders', async () => {
    await offerEth(t);
    const a = await registerBuyer(t.app);
    const b = await registerBuyer(t.app, { email: 'second-buyer@example.com' });
    const row = (n: number, userId: number, tokens = '100') => ({ publicId: `kept${n}`, userId, cryptoCode: 'ETH', address: ETH_WALLET, tokens, bonusTokens: '0', payAmount: '1', rate: '300000', usdAmount: '1', priceUsd: '0.01', expiresAt: new Date(Date.now() + 3_600_000) });
    /** Each buyer's kept count beside a count of their pending orders. */
    const counts = async () =>
      (
        (await t.database.db.execute(
          sql`select u.id, coalesce(b.pending, 0)::int as kept, (select count(*)::int from ${orders} o where o.user_id = u.id and o.status = 'pending') as counted
                from users u left join buyer_pending_orders b on b.user_id = u.id where u.id in (${a.id}, ${b.id}) order by u.id`,
        )) as { rows: { id: number; kept: number; counted: number }[] }
      ).rows;
    const expectKept = async (ofA: number, ofB: number) => expect(await counts()).toEqual([{ id: a.id, kept: ofA, counted: ofA }, { id: b.id, kept: ofB, counted: ofB }]);

    await t.database.db.insert(orders).values([row(1, a.id), row(2, a.id), row(3, b.id)]);
    await expectKept(2, 1);
    // A refused statement changes no count.
    await expect(t.database.db.insert(orders).values([row(4, a.id), row(5, a.id)])).rejects.toMatchObject({ cause: { code: 'PS002' } });
    await expectKept(2, 1);
    // Status changes: approved, expired, back to pending, and an update that changes nothing pending.
    await t.database.db.update(orders).set({ status: 'approved' }).where(eq(orders.publicId, 'kept1'));
    await expectKept(1, 1);
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.status, 'pending'));
    await expectKept(0, 0);
    await t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.publicId, 'kept3'));
    await t.database.db.update(orders).set({ txHash: '0xabc' }).where(eq(orders.publicId, 'kept3'));
    await expectKept(0, 1);
    // Three at the limit again once the others are no longer pending; deletes count too.
    await t.database.db.insert(orders).values([row(6, a.id), row(7, a.id), row(8, a.id)]);
    await expectKept(3, 1);
    await t.database.db.delete(orders).where(eq(orders.publicId, 'kept6'));
    await expectKept(2, 1);
    await t.database.db.insert(orders).values(row(9, a.id));
    await expect(t.database.db.insert(orders).values(row(10, a.id))).rejects.toMatchObject({ cause: { code: 'PS002' } });
    await expectKept(3, 1);
  });

  it('is an operator setting on the Sale page, from 1 to 20, audited', async () => {
    await offerEth(t);
    const operator = await signInOperator(t.app, t.database);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/sale', cookies: { [OPERATOR]: operator } })).json<SaleSettings>();
    expect(current.maxPendingOrders).toBe(3);
    const body = saleSettingsBodyOf(current);
    for (const bad of [0, 21, 2.5]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/sale', cookies: { [OPERATOR]: operator }, payload: { ...body, maxPendingOrders: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.maxPendingOrders).toBeTruthy();
    }
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/sale', cookies: { [OPERATOR]: operator }, payload: { ...body, maxPendingOrders: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ maxPendingOrders: number }>().maxPendingOrders).toBe(1);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sale.updated'));
    expect(audit?.after).toMatchObject({ maxPendingOrders: 1 });

    const { cookie } = await registerBuyer(t.app);
    expect((await buy(t, cookie)).statusCode).toBe(201);
    const second = await buy(t, cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { message: string } }>().error.message).toMatch(/already have 1 order awaiting payment/);

    // Leaving the field out keeps the limit.
    const { maxPendingOrders: _m, ...without } = body;
    await t.app.inject({ method: 'PUT', url: '/api/admin/sale', cookies: { [OPERATOR]: operator }, payload: without });
    const [sale] = await t.database.db.select({ max: saleSettings.maxPendingOrders }).from(saleSettings);
    expect(sale?.max).toBe(1);
  });
});

describe(`order creation throttling (${databaseKind})`, () => {
  const t = useTestApp({ ORDER_LIMIT_PER_ACCOUNT: '4', ORDER_LIMIT_PER_IP: '6' });

  it('answers 429 with Retry-After past the per-account limit, counting refused orders too', async () => {
    await offerEth(t);
    await t.database.db.update(saleSettings).set({ maxPendingOrders: 20 });
    const { cookie } = await registerBuyer(t.app);
    for (let i = 0; i < 4; i++) expect((await buy(t, cookie, i === 1 ? '1' : '100')).statusCode).toBeLessThan(429);
    const fifth = await buy(t, cookie);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fifth.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('writes nothing for an attempt the throttle refuses, not even a country refusal', async () => {
    await offerEth(t);
    const { cookie, id } = await registerBuyer(t.app, { country: 'KP' });
    for (let i = 0; i < 4; i++) expect((await buy(t, cookie)).statusCode).toBe(403);
    expect((await buy(t, cookie)).statusCode).toBe(429);
    const refusals = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, `user:${String(id)}`));
    expect(refusals.map((r) => r.action)).toEqual(Array(4).fill('order.country_refused'));
  });

  it('answers 429 past the per-address limit, whichever accounts the orders come from', async () => {
    await offerEth(t);
    const buyers = await Promise.all([0, 1, 2].map((i) => registerBuyer(t.app, { email: `b${i}@example.com` })));
    let n = 0;
    for (const b of buyers) for (let i = 0; i < 2; i++, n++) expect((await buy(t, b.cookie, '100', '198.51.100.7')).statusCode, String(n)).toBe(201);
    const seventh = await buy(t, buyers[0]?.cookie ?? '', '100', '198.51.100.7');
    expect(seventh.statusCode).toBe(429);
    // Another address is not affected.
    expect((await buy(t, buyers[0]?.cookie ?? '', '100', '198.51.100.8')).statusCode).toBe(201);
  });

  it('counts attempts that arrive together one by one, and judges each buyer by their own checks', async () => {
    await offerEth(t);
    await t.database.db.update(saleSettings).set({ maxPendingOrders: 20 });
    const [a, b, restricted] = await Promise.all([
      registerBuyer(t.app, { email: 'a@example.com' }),
      registerBuyer(t.app, { email: 'b@example.com' }),
      registerBuyer(t.app, { email: 'kp@example.com', country: 'KP' }),
    ]);
    // Six attempts each, all at once and from their own addresses: four per account pass the throttle.
    const answers = await Promise.all(
      [a, b, restricted].flatMap((buyer, n) => Array.from({ length: 6 }, (_, i) => buy(t, buyer.cookie, '100', `198.51.100.${String(10 * n + i)}`))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, 6).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    expect(statuses.slice(6, 12).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    expect(statuses.slice(12).sort()).toEqual([403, 403, 403, 403, 429, 429]);
    expect([await pendingOf(t, a.id), await pendingOf(t, b.id), await pendingOf(t, restricted.id)]).toEqual([4, 4, 0]);
  });
});

describe(`late approval past the hard cap (${databaseKind})`, () => {
  const t = useTestApp();

  async function expiredOrderBeyondCap() {
    await offerEth(t);
    await t.database.db.update(saleSettings).set({ hardCap: '1000', softCap: '100' });
    const late = await registerBuyer(t.app, { email: 'late@example.com' });
    const order = (await buy(t, late.cookie, '600')).json<Order>();
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.publicId, order.id));
    await t.app.orders.expireOverdue();
    // Meanwhile another buyer takes most of what is left.
    const other = await registerBuyer(t.app, { email: 'early@example.com' });
    expect((await buy(t, other.cookie, '900')).statusCode).toBe(201);
    const operator = await signInOperator(t.app, t.database);
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, order.id));
    return { operator, id: row?.id ?? 0, userId: late.id };
  }

  it('refuses with a clear 409 and changes nothing', async () => {
    const { operator, id, userId } = await expiredOrderBeyondCap();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'over_hard_cap', message: expect.stringMatching(/600 PRE no longer fit under the hard cap \(100 PRE left\)/) as unknown } });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('expired');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).toHaveLength(0);
    const [sale] = await t.database.db.select().from(saleSettings);
    expect(sale?.tokensCommitted).toBe('900.000000');
  });

  it('approves with the operator’s explicit override, and the audit log records it', async () => {
    const { operator, id, userId } = await expiredOrderBeyondCap();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/approve`, cookies: { [OPERATOR]: operator }, payload: { overrideHardCap: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOrder>().status).toBe('approved');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).not.toHaveLength(0);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit?.after).toMatchObject({ overrideHardCap: true });
    // The override was for that transaction only: the cap holds for the next order.
    const next = await registerBuyer(t.app, { email: 'next@example.com' });
    expect((await buy(t, next.cookie, '100')).statusCode).toBe(409);
  });

  it('still approves a late payment that fits, without any override', async () => {
    await offerEth(t);
    const { cookie } = await registerBuyer(t.app);
    const order = (await buy(t, cookie, '100')).json<Order>();
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.publicId, order.id));
    await t.app.orders.expireOverdue();
    const operator = await signInOperator(t.app, t.database);
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, order.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${row?.id}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });
    expect(res.statusCode).toBe(200);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit?.after).not.toHaveProperty('overrideHardCap');
  });
});
