// A token-price change and the feed rates buyers are quoted at: every feed rate is recomputed from
// its USD price, and one without a USD price is refused for buying until the next refresh.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCrypto } from '@/contracts/admin';
import type { Order } from '@/contracts/orders';
import { cryptos } from '../../db/schema';
import { startFakeFeed, type FakeFeed } from '../../test/fake-price-feed';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { createPriceFeed } from './price-feed';

const OP_COOKIE = 'presale_operator_session';
const BUYER_COOKIE = 'presale_session';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** BTC as the back-office form sends it, with the rate as the operator typed it. */
const BTC_FORM = { fullName: 'Bitcoin', network: 'bitcoin', address: BTC_ADDRESS, priceFeedId: 'bitcoin', rateSource: 'feed', decimals: 8 };

let fake: FakeFeed;
beforeAll(async () => {
  fake = await startFakeFeed();
});
afterAll(async () => {
  await fake.close();
});

describe(`feed rates across a token-price change (${databaseKind})`, () => {
  const t = useTestApp({}, { priceFeed: createPriceFeed(`http://placeholder`, { fetch: (input, init) => fetch((input as string).replace('http://placeholder', fake.url), init) }) });
  let operator = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: { [OP_COOKIE]: operator }, payload: method === 'GET' ? undefined : (payload ?? {}) });
  const btc = async () => (await call('GET', '/api/admin/cryptos')).json<{ cryptos: AdminCrypto[] }>().cryptos.find((c) => c.code === 'BTC');
  const refresh = async (usd: number) => {
    fake.behaviour = { kind: 'prices', prices: { bitcoin: usd } };
    expect((await call('POST', '/api/admin/cryptos/refresh-rates')).json()).toMatchObject({ updated: ['BTC'] });
  };
  const setTokenPrice = async (priceUsd: string) => expect((await call('PUT', '/api/admin/main-currency', { priceUsd })).statusCode).toBe(200);
  const buy = (buyer: string, tokens: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER_COOKIE]: buyer }, payload: { crypto: 'BTC', tokens } });

  it('recomputes a feed crypto saved with its rate in another spelling from its USD price', async () => {
    operator = await signInOperator(t.app, t.database);
    await refresh(90000);
    const fetched = await btc();
    // The form shows "9000000" for the stored "9000000.000000", and the operator saves it unchanged.
    expect((await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FORM, rate: '9000000' })).json()).toMatchObject({ rate: '9000000', usdPrice: '90000' });
    await setTokenPrice('0.02');
    expect(await btc()).toMatchObject({ rate: '4500000', usdPrice: '90000', rateUpdatedAt: fetched?.rateUpdatedAt, stale: false });
  });

  it('quotes an order after a token-price change at tokens ÷ the new rate', async () => {
    operator = await signInOperator(t.app, t.database);
    await refresh(90000);
    await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FORM, rate: '9000000' });
    const { cookie } = await registerBuyer(t.app);
    expect((await buy(cookie, '1000')).json()).toMatchObject({ rate: '9000000', payAmount: '0.000112', usdAmount: '10' });
    await setTokenPrice('0.02');
    const res = await buy(cookie, '1000');
    expect(res.statusCode).toBe(201);
    // 1000 ÷ 4500000 = 0.000222…, rounded up: the order asks for what 1000 tokens are worth, not half.
    expect(res.json<Order>()).toMatchObject({ tokens: '1000', rate: '4500000', payAmount: '0.000223', usdAmount: '20' });
  });

  it('makes a feed crypto without a USD price stale, refusing orders in it until the next refresh', async () => {
    operator = await signInOperator(t.app, t.database);
    // Never fetched: the operator typed the rate, so there is no USD price to recompute it from.
    expect((await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FORM, rate: '9000000' })).json()).toMatchObject({ usdPrice: null, stale: false, offered: true });
    const { cookie } = await registerBuyer(t.app);
    expect((await buy(cookie, '1000')).statusCode).toBe(201);

    await setTokenPrice('0.02');
    expect(await btc()).toMatchObject({ rate: '9000000', rateUpdatedAt: null, stale: true });
    const [row] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC'));
    expect(row?.rateUpdatedAt).toBeNull();
    for (const tokens of ['1000', '40']) {
      const refused = await buy(cookie, tokens);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'conflict', message: 'The BTC rate is out of date. Try again in a few minutes or choose another cryptocurrency.' } });
    }

    await refresh(90000);
    expect(await btc()).toMatchObject({ rate: '4500000', usdPrice: '90000', stale: false });
    const res = await buy(cookie, '1000');
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({ rate: '4500000', payAmount: '0.000223' });
  });
});
