// A server set to count order expiry in seconds (ORDER_EXPIRY_UNIT, ORDER_EXPIRY_MIN): the operator
// reads the unit, the server holds the window to its shortest at the field, and orders close on time.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleSettingsBodyOf, type SaleSettings } from '@/contracts/sale';
import type { Order } from '@/contracts/orders';
import { cryptos } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';
const DAY = 86_400_000;

describe(`order expiry counted in seconds (${databaseKind})`, () => {
  const t = useTestApp({ ORDER_EXPIRY_UNIT: 'seconds', ORDER_EXPIRY_MIN: '5' });

  async function putExpiry(cookie: string, orderExpiryMinutes: number) {
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/sale', cookies: { [OP_COOKIE]: cookie } })).json<SaleSettings>();
    const body = saleSettingsBodyOf(current);
    const now = Date.now();
    const payload = { ...body, startsAt: new Date(now - DAY).toISOString(), endsAt: new Date(now + DAY).toISOString(), orderExpiryMinutes };
    return t.app.inject({ method: 'PUT', url: '/api/admin/sale', cookies: { [OP_COOKIE]: cookie }, payload });
  }

  it('names the unit, refuses a window under the shortest at its field, and takes the shortest', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/sale', cookies: { [OP_COOKIE]: cookie } });
    expect(read.json<SaleSettings>().orderExpiryUnit).toBe('seconds');

    const short = await putExpiry(cookie, 4);
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ orderExpiryMinutes: 'Order expiry must be at least 5 seconds.' });
    // 7 days in seconds is the longest.
    expect((await putExpiry(cookie, 604_801)).json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ orderExpiryMinutes: 'Order expiry must be at most 7 days.' });
    expect((await putExpiry(cookie, 604_800)).statusCode).toBe(200);

    const saved = await putExpiry(cookie, 5);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SaleSettings>()).toMatchObject({ orderExpiryMinutes: 5, orderExpiryUnit: 'seconds' });
  });

  it('closes an order’s window that many seconds after it is made', async () => {
    const cookie = await signInOperator(t.app, t.database);
    expect((await putExpiry(cookie, 8)).statusCode).toBe(200);
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '100' } });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(8000);
  });
});
