import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Setup } from '@/contracts/setup';
import { cryptos } from '../../db/schema';
import { databaseKind, OPERATOR, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';

describe(`setup checklist (${databaseKind})`, () => {
  const t = useTestApp();

  it('is for operators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/setup' })).statusCode).toBe(401);
  });

  it('starts incomplete and follows the price, the cryptos and a password change', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const get = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/setup', cookies: { [OP_COOKIE]: cookie } })).json<Setup>();
    const done = (s: Setup) => Object.fromEntries(s.items.map((i) => [i.key, i.done]));

    const fresh = await get();
    expect(fresh.complete).toBe(false);
    expect(done(fresh)).toEqual({ price: false, dates: true, crypto: false, addresses: false, password: false });

    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, cookies: { [OP_COOKIE]: cookie }, payload });
    expect((await put('/api/admin/main-currency', { priceUsd: '0.02' })).statusCode).toBe(200);
    // Only ETH, with an address and a manual rate; every other crypto disabled.
    await t.database.db.update(cryptos).set({ enabled: false });
    await t.database.db.update(cryptos).set({ enabled: true, rateSource: 'manual', rate: '1000', usdPrice: '10', rateUpdatedAt: new Date(), address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).where(eq(cryptos.code, 'ETH'));
    const offered = await get();
    expect(done(offered)).toEqual({ price: true, dates: true, crypto: true, addresses: true, password: false });
    expect(offered.items.find((i) => i.key === 'crypto')?.detail).toBe('Buyers can pay with ETH.');

    const changed = await put('/api/admin/password', { login: OPERATOR.login, oldPassword: OPERATOR.password, newPassword: 'a brand new password 2', confirmNewPassword: 'a brand new password 2' });
    expect(changed.statusCode).toBe(200);
    expect((await get()).complete).toBe(true);
  });
});
