import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@/domain/order-statuses';
import { orders, saleSettings } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { SaleFigures } from './sale.service';
import { saleSchema, type Sale } from '@/contracts/sale';

describe(`GET /api/sale (${databaseKind})`, () => {
  const t = useTestApp();
  let orderNo = 0;

  async function addOrder(userId: number, status: OrderStatus, tokens: string, usdAmount: string) {
    orderNo += 1;
    await t.database.db.insert(orders).values({
      publicId: `test-order-${orderNo}`,
      userId,
      cryptoCode: 'ETH',
      address: '0x0000000000000000000000000000000000000001',
      status,
      tokens,
      bonusTokens: '0',
      payAmount: '1',
      rate: '1',
      usdAmount,
      priceUsd: '0.01',
      expiresAt: new Date(Date.now() + 3600_000),
    });
  }

  const readSale = async () => (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();
  const getSale = readSale;

  it('starts live with honest defaults and zero figures', async () => {
    const sale = await getSale();
    expect(sale).toMatchObject({ state: 'live', progressPercent: '0.00', tokensSold: '0', raisedUsd: '0.00', buyers: 0, listingAt: null });
    expect(sale.limits).toEqual({ minTokens: '40', maxTokens: '100000' });
    expect(sale.levels.map((l) => l.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Legend']);
    const days = (Date.parse(sale.endsAt ?? '') - Date.parse(sale.startsAt ?? '')) / 86_400_000;
    expect(days).toBe(30);
  });

  it('sums approved orders only, counting each buyer once', async () => {
    const a = await registerBuyer(t.app, { email: 'a@example.com' });
    const b = await registerBuyer(t.app, { email: 'b@example.com' });
    await addOrder(a.id, 'approved', '1000.5', '10.005');
    await addOrder(a.id, 'approved', '250', '2.5');
    await addOrder(b.id, 'approved', '0.000001', '0.00000001');
    await addOrder(b.id, 'pending', '99999', '999.99');
    await addOrder(b.id, 'rejected', '5000', '50');
    await addOrder(b.id, 'expired', '5000', '50');
    await t.database.db.update(saleSettings).set({ hardCap: '10000' }).where(eq(saleSettings.id, 1));
    const sale = await getSale();
    expect(sale).toMatchObject({ tokensSold: '1250.500001', raisedUsd: '12.51', buyers: 2, progressPercent: '12.51' });
  });

  it('is upcoming before the start, ended after the end, sold out at the hard cap', async () => {
    const hour = 3600_000;
    // These changes bypass the API, which would tell the cache; tell it here.
    const getSale = async () => {
      t.app.saleFigures.invalidate();
      return readSale();
    };
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() + hour), endsAt: new Date(Date.now() + 2 * hour) });
    expect((await getSale()).state).toBe('upcoming');
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) });
    expect((await getSale()).state).toBe('ended');
    await t.database.db.update(saleSettings).set({ endsAt: new Date(Date.now() + hour), hardCap: '100' });
    const a = await registerBuyer(t.app);
    await addOrder(a.id, 'approved', '100', '1');
    expect(await getSale()).toMatchObject({ state: 'sold_out', progressPercent: '100.00' });
  });

  it('keeps one JSON body per state: the clock alone moves the state, and every body meets the contract', async () => {
    const settings = (await t.database.db.select().from(saleSettings))[0];
    if (!settings) throw new Error('no sale settings');
    const at = (date: Date) => t.app.saleFigures.json(date).then((text) => JSON.parse(text) as Sale);
    const before = new Date(settings.startsAt.getTime() - 1000);
    const during = new Date(settings.startsAt.getTime() + 1000);
    const after = new Date(settings.endsAt.getTime() + 1000);
    for (const [now, state] of [[before, 'upcoming'], [during, 'live'], [after, 'ended'], [during, 'live']] as const) {
      const body = await at(now);
      expect(body).toEqual(saleSchema.parse(await t.app.saleFigures.get(now)));
      expect(body).toMatchObject({ state, serverTime: now.toISOString() });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/sale' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(saleSchema.safeParse(res.json()).success).toBe(true);
  });

  it('shows the listing date only when the operator set one', async () => {
    const listing = new Date('2027-03-01T12:00:00Z');
    await t.database.db.update(saleSettings).set({ listingAt: listing });
    t.app.saleFigures.invalidate();
    expect((await getSale()).listingAt).toBe(listing.toISOString());
  });

  it('past their age, answers with the figures as last read while one fresh read runs; after a change, waits for it', async () => {
    const figures = new SaleFigures(t.database.db, 0);
    const first = await figures.get();
    await t.database.db.update(saleSettings).set({ tokenName: 'Renamed' });
    // Older than the age (0 ms): the kept figures answer at once, and a fresh read starts.
    expect((await figures.get()).token.name).toBe(first.token.name);
    await expect.poll(async () => (await figures.get()).token.name).toBe('Renamed');
    await t.database.db.update(saleSettings).set({ tokenName: 'Renamed again' });
    figures.invalidate();
    expect((await figures.get()).token.name).toBe('Renamed again');
  });

  it('serves changes made through the API at once, however recently the figures were read', async () => {
    const before = await readSale();
    const operator = await signInOperator(t.app, t.database);
    await t.app.inject({ method: 'PUT', url: '/api/admin/main-currency', cookies: { presale_operator_session: operator }, payload: { priceUsd: '0.42' } });
    expect((await readSale()).priceUsd).toBe('0.42');
    expect(before.priceUsd).not.toBe('0.42');
    const a = await registerBuyer(t.app);
    await addOrder(a.id, 'approved', '100', '1');
    // A change outside the API is picked up once the short cache lifetime has passed or the bus says so.
    t.app.events.publish({ type: 'sale' });
    expect((await readSale()).tokensSold).toBe('100');
  });
});
