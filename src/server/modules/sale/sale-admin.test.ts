import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Sale } from '@/contracts/sale';
import { auditLog, cryptos, saleSettings } from '../../db/schema';
import { databaseKind, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';

describe(`token price and sale settings (${databaseKind})`, () => {
  const t = useTestApp();
  let cookie = '';
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, cookies: { [OP_COOKIE]: cookie }, payload });
  const sale = async () => (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();

  const SETTINGS = {
    tokenName: 'Aurora Token',
    tokenSymbol: 'aur',
    totalSupply: '500000000',
    softCap: '1000000',
    startsAt: '2026-12-01T00:00:00.000Z',
    endsAt: '2027-01-31T00:00:00.000Z',
    orderExpiryMinutes: 30,
    listingAt: '2027-03-01T12:00:00.000Z',
    deliveryNote: 'Tokens are sent after the sale ends.',
  };

  it.each([
    ['abc', 'Invalid number format'],
    ['1,5', 'Invalid number format'],
    ['-1', 'Invalid number format'],
    ['1.2.3', 'Invalid number format'],
    ['1e3', 'Invalid number format'],
    ['', 'Invalid number format'],
    ['0', 'Price must be greater than zero.'],
    ['0.' + '1'.repeat(30), 'At most 8 decimals.'],
  ])('refuses the token price %j and changes nothing', async (priceUsd, message) => {
    cookie = await signInOperator(t.app, t.database);
    const res = await put('/api/admin/main-currency', { priceUsd });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { priceUsd: message } } });
    expect((await sale()).priceUsd).toBe('0.01');
  });

  it('sets the token price, recomputes feed rates from their USD prices, and shows it publicly', async () => {
    cookie = await signInOperator(t.app, t.database);
    await t.database.db.update(cryptos).set({ usdPrice: '65000', rate: '6500000', rateUpdatedAt: new Date() }).where(eq(cryptos.code, 'BTC'));
    const res = await put('/api/admin/main-currency', { priceUsd: '0.025' });
    expect(res.json()).toEqual({ priceUsd: '0.025' });
    expect((await sale()).priceUsd).toBe('0.025');
    const [btc] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC'));
    expect(btc?.rate).toBe('2600000.000000');
    const [audit] = await t.database.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'price.updated', before: { priceUsd: '0.01' }, after: { priceUsd: '0.025' } });
  });

  it('records the recomputed rates in the audit log, and makes feed rates with no USD price to recompute from stale', async () => {
    cookie = await signInOperator(t.app, t.database);
    const fetchedAt = new Date(Date.now() - 5 * 60_000);
    const feed = (code: string, values: Partial<typeof cryptos.$inferInsert>) => t.database.db.update(cryptos).set({ rateSource: 'feed', rateUpdatedAt: fetchedAt, ...values }).where(eq(cryptos.code, code));
    await feed('BTC', { usdPrice: '65000', rate: '6500000' });
    await feed('ETH', { usdPrice: null, rate: '300000' }); // an operator's typed rate
    await feed('DOGE', { usdPrice: '0.000000001', rate: '0.000001' }); // too small for a rate at the new price
    await t.database.db.update(cryptos).set({ rateSource: 'manual', usdPrice: '1', rate: '100', rateUpdatedAt: fetchedAt }).where(eq(cryptos.code, 'USDT'));

    expect((await put('/api/admin/main-currency', { priceUsd: '0.025' })).statusCode).toBe(200);
    const rows = new Map((await t.database.db.select().from(cryptos)).map((c) => [c.code, c]));
    expect(rows.get('BTC')).toMatchObject({ rate: '2600000.000000', rateUpdatedAt: fetchedAt });
    expect(rows.get('ETH')).toMatchObject({ rate: '300000.000000', rateUpdatedAt: null });
    expect(rows.get('DOGE')).toMatchObject({ rate: '0.000001', rateUpdatedAt: null });
    // A manual currency is priced in USD: $1 at $0.025 a token is 40 tokens, not the 100 it was.
    expect(rows.get('USDT')).toMatchObject({ rate: '40.000000', rateUpdatedAt: fetchedAt });
    const [audit] = await t.database.db.select().from(auditLog);
    expect(audit).toMatchObject({
      action: 'price.updated',
      before: { priceUsd: '0.01', rates: { BTC: '6500000' } },
      after: { priceUsd: '0.025', rates: { BTC: '2600000' }, staleRates: ['DOGE', 'ETH'] },
    });
  });

  it('saves valid sale settings and the public sale shows them', async () => {
    cookie = await signInOperator(t.app, t.database);
    const res = await put('/api/admin/sale', SETTINGS);
    expect(res.statusCode).toBe(200);
    // The hard cap is the stages' allocations: the seeded stage's 100,000,000.
    expect(res.json()).toMatchObject({ tokenSymbol: 'AUR', hardCap: '100000000', listingAt: SETTINGS.listingAt });
    expect(await sale()).toMatchObject({ token: { name: 'Aurora Token', symbol: 'AUR' }, state: 'upcoming', listingAt: SETTINGS.listingAt, orderExpiryMinutes: 30 });
    const [audit] = await t.database.db.select().from(auditLog);
    expect(audit?.action).toBe('sale.updated');
  });

  it.each([
    [{ endsAt: '2026-11-30T00:00:00.000Z' }, 'endsAt', 'The end must be after the start.'],
    [{ softCap: '200000000' }, 'softCap', "Soft cap must not exceed the hard cap (the stages' allocations add up to 100000000)."],
    [{ totalSupply: '50000000' }, 'totalSupply', "Total supply must be at least the hard cap (the stages' allocations add up to 100000000)."],
    // The hard cap is set by the stages' own route.
    [{ hardCap: '50000000' }, 'hardCap', 'Unknown field.'],
    [{ totalSupply: '0' }, 'totalSupply', 'Total supply must be greater than zero.'],
    [{ orderExpiryMinutes: 0 }, 'orderExpiryMinutes', 'Order expiry must be at least 1 minute.'],
    [{ orderExpiryMinutes: -5 }, 'orderExpiryMinutes', 'Order expiry must be at least 1 minute.'],
    [{ orderExpiryMinutes: 10_081 }, 'orderExpiryMinutes', 'Order expiry must be at most 7 days.'],
    [{ orderExpiryMinutes: 1.5 }, 'orderExpiryMinutes', 'Order expiry must be a whole number.'],
    [{ startsAt: 'tomorrow' }, 'startsAt', 'Enter a valid start time.'],
    [{ tokenName: '' }, 'tokenName', 'Token name must be at least 2 characters.'],
    [{ tokenName: 'x'.repeat(5000) }, 'tokenName', 'Token name must be at most 60 characters.'],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    cookie = await signInOperator(t.app, t.database);
    const before = await t.database.db.select().from(saleSettings);
    const res = await put('/api/admin/sale', { ...SETTINGS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(message);
    expect(await t.database.db.select().from(saleSettings)).toEqual(before);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('lists the audit log newest first, and the log refuses changes', async () => {
    cookie = await signInOperator(t.app, t.database);
    await put('/api/admin/main-currency', { priceUsd: '0.02' });
    await put('/api/admin/sale', SETTINGS);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit', cookies: { [OP_COOKIE]: cookie } });
    const body = res.json<{ entries: { action: string; operator: string }[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.entries.map((e) => e.action)).toEqual(['sale.updated', 'price.updated']);
    expect(body.entries[0]?.operator).toBe('operator');
    await expect(t.database.db.update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=0', cookies: { [OP_COOKIE]: cookie } });
    expect(bad.statusCode).toBe(400);
  });
});
