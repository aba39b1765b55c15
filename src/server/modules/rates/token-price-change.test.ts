// A token-price change and the rates buyers are quoted at: every rate, from the feed or typed by an
// operator, is recomputed from its USD price (decision 025), and a feed rate without a USD price is
// refused for buying until the next refresh.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCrypto } from '@/contracts/cryptos';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { SaleSettings } from '@/contracts/sale';
import { dec } from '@/domain/decimal';
import { cryptos, orders } from '../../db/schema';
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
  /** A stage that has sold keeps its price: the operator adds one at the new price and ends the current one. */
  const moveToStageAt = async (priceUsd: string) => {
    const { stages, unsoldStageTokens } = (await call('GET', '/api/admin/sale')).json<SaleSettings>();
    const kept = stages.map(({ id, name, priceUsd: price, allocation, endsAt }) => ({ id, name, priceUsd: price, allocation, endsAt }));
    const saved = await call('PUT', '/api/admin/sale/stages', { stages: [...kept, { name: 'Next stage', priceUsd, allocation: '1000000', endsAt: null }], unsoldStageTokens });
    expect(saved.statusCode).toBe(200);
    const current = stages.find((s) => s.state === 'current');
    expect((await call('POST', `/api/admin/sale/stages/${String(current?.id)}/end`)).statusCode).toBe(200);
  };
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
    expect((await buy(cookie, '1000')).json()).toMatchObject({ rate: '9000000', payAmount: '0.00011112', usdAmount: '10' });
    // Stage 1 has sold: its price is fixed, and the new price is a new stage's.
    const refused = await call('PUT', '/api/admin/main-currency', { priceUsd: '0.02' });
    expect([refused.statusCode, refused.json<{ error: { fields: Record<string, string> } }>().error.fields]).toEqual([
      400,
      { priceUsd: 'Stage 1 has sales, so its price is fixed. Add a stage at the new price on the Sale page.' },
    ]);
    await moveToStageAt('0.02');
    expect(await btc()).toMatchObject({ rate: '4500000' });
    const res = await buy(cookie, '1000');
    expect(res.statusCode).toBe(201);
    // 1000 ÷ 4500000 = 0.000222…, rounded up to satoshis: the order asks for what 1000 tokens are worth, not half.
    expect(res.json<Order>()).toMatchObject({ tokens: '1000', rate: '4500000', payAmount: '0.00022223', usdAmount: '20' });
  });

  it('asks satoshis: 40 tokens at 9,000,000 tokens per BTC cost 0.00000445 BTC, stored and shown as such', async () => {
    operator = await signInOperator(t.app, t.database);
    await refresh(90000);
    await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FORM, rate: '9000000' });
    const { cookie } = await registerBuyer(t.app);
    const res = await buy(cookie, '40');
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({ tokens: '40', payAmount: '0.00000445', paymentUri: `bitcoin:${BTC_ADDRESS}?amount=0.00000445` });
    const [row] = await t.database.db.select({ payAmount: orders.payAmount }).from(orders);
    expect(row?.payAmount).toBe('0.00000445');
    // A pay amount in satoshis buys the tokens it is worth, rounded down.
    const paid = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER_COOKIE]: cookie }, payload: { crypto: 'BTC', payAmount: '0.00001235' } });
    expect([paid.statusCode, paid.json<Order>().payAmount, paid.json<Order>().tokens]).toEqual([201, '0.00001235', '111.15']);
  });

  it('makes a feed crypto without a USD price stale, refusing orders in it until the next refresh', async () => {
    operator = await signInOperator(t.app, t.database);
    // Never fetched, and a rate typed before rates were USD prices: nothing to recompute it from.
    expect((await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FORM, rate: '9000000' })).json()).toMatchObject({ usdPrice: '90000', stale: false, offered: true });
    await t.database.db.update(cryptos).set({ usdPrice: null }).where(eq(cryptos.code, 'BTC'));
    const { cookie } = await registerBuyer(t.app);

    await setTokenPrice('0.02');
    expect(await btc()).toMatchObject({ rate: '9000000', rateUpdatedAt: null, stale: true });
    const [row] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC'));
    expect(row?.rateUpdatedAt).toBeNull();
    for (const tokens of ['1000', '40']) {
      const refused = await buy(cookie, tokens);
      expect(refused.statusCode).toBe(409);
      // Quotes are priced from the USD price (issue 30): without one, the crypto is not offered at all.
      expect(refused.json()).toMatchObject({ error: { code: 'conflict', message: 'The BTC rate is out of date. Try again in a few minutes or choose another cryptocurrency.' } });
    }

    await refresh(90000);
    expect(await btc()).toMatchObject({ rate: '4500000', usdPrice: '90000', stale: false });
    const res = await buy(cookie, '1000');
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({ rate: '4500000', payAmount: '0.00022223' });
  });
});

describe(`manually priced currencies across a token-price change (${databaseKind})`, () => {
  const t = useTestApp();
  let operator = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: { [OP_COOKIE]: operator }, payload: method === 'GET' ? undefined : (payload ?? {}) });
  const USDT_FORM = {
    fullName: 'Tether USD (Ethereum)',
    network: 'evm',
    chainId: 1,
    tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    priceFeedId: 'tether',
    rateSource: 'manual',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  };
  const usdt = async () => (await call('GET', '/api/admin/cryptos')).json<{ cryptos: AdminCrypto[] }>().cryptos.find((c) => c.code === 'USDT');

  it('reprices a manual rate from its USD price, so a USDT paid counts as $1 in Raised, /transparency, the leaderboard and the Overview', async () => {
    operator = await signInOperator(t.app, t.database);
    // Typed as a rate in tokens, as before: 100 tokens at $0.01 is $1.00, and the answer says so.
    const saved = await call('PUT', '/api/admin/cryptos/USDT', { ...USDT_FORM, rate: '100' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      rate: '100',
      usdPrice: '1',
      priceNote: '100 tokens per unit saved as the USD price $1.00 at the current token price $0.01.',
    });
    expect((await call('PUT', '/api/admin/main-currency', { priceUsd: '0.05' })).statusCode).toBe(200);
    expect(await usdt()).toMatchObject({ rate: '20', usdPrice: '1', stale: false });

    const { cookie } = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER_COOKIE]: cookie }, payload: { crypto: 'USDT', payAmount: '10' } });
    expect(res.statusCode).toBe(201);
    // 20 tokens per USDT, not 100: ten USDT buy 200 tokens worth $10.
    const order = res.json<Order>();
    expect(order).toMatchObject({ payAmount: '10', tokens: '200', rate: '20', usdAmount: '10' });
    const page = (await call('GET', '/api/admin/orders')).json<{ orders: AdminOrder[] }>();
    const orderId = page.orders.find((o) => o.id === order.id)?.orderId;
    expect((await call('POST', `/api/admin/orders/${String(orderId)}/approve`)).statusCode).toBe(200);

    const usd = (v: string | undefined) => (v === undefined ? null : dec(v).toFixed(2));
    const sale = await t.app.inject({ method: 'GET', url: '/api/sale' });
    expect(usd(sale.json<{ raisedUsd: string }>().raisedUsd)).toBe('10.00');
    const transparency = await t.app.inject({ method: 'GET', url: '/api/transparency' });
    expect(usd(transparency.json<{ totals: { raisedUsd: string } }>().totals.raisedUsd)).toBe('10.00');
    const leaderboard = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(usd(leaderboard.json<{ rows: { depositsUsd: string }[] }>().rows[0]?.depositsUsd)).toBe('10.00');
    const overview = await call('GET', '/api/admin/overview');
    expect(overview.json<{ perCrypto: { code: string; usdAmount: string }[] }>().perCrypto.map((c) => [c.code, usd(c.usdAmount)])).toEqual([['USDT', '10.00']]);
  });

  it('takes a USD price as typed and derives the rate from it, at every token price', async () => {
    operator = await signInOperator(t.app, t.database);
    const saved = await call('PUT', '/api/admin/cryptos/USDT', { ...USDT_FORM, usdPrice: '1.0005' });
    expect(saved.json()).toMatchObject({ rate: '100.05', usdPrice: '1.0005' });
    expect(saved.json<AdminCrypto>().priceNote).toBeUndefined();
    expect((await call('PUT', '/api/admin/main-currency', { priceUsd: '0.03' })).statusCode).toBe(200);
    expect(await usdt()).toMatchObject({ rate: '33.35', usdPrice: '1.0005' });
  });

  it('prices a manual rate stored without a USD price at the token price it was set for, then reprices it', async () => {
    operator = await signInOperator(t.app, t.database);
    // A row from before USD prices were typed (what migration 0024 converts).
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: null }).where(eq(cryptos.code, 'USDT'));
    expect((await call('PUT', '/api/admin/main-currency', { priceUsd: '0.05' })).statusCode).toBe(200);
    expect(await usdt()).toMatchObject({ rate: '20', usdPrice: '1' });
  });

  it('refuses a USD price or a rate it cannot price, at its field, and changes nothing', async () => {
    operator = await signInOperator(t.app, t.database);
    const before = await usdt();
    for (const [body, field, message] of [
      [{ usdPrice: '-1' }, 'usdPrice', 'USD price must be a positive number.'],
      [{ rate: 'abc' }, 'rate', 'Rate must be a positive number.'],
      [{}, 'usdPrice', 'Give the USD price of one unit (or a rate in tokens).'],
      [{ usdPrice: '1', rate: '100' }, 'rate', 'Give either the USD price or a rate in tokens, not both.'],
      [{ usdPrice: '0.000000001' }, 'usdPrice', 'At the token price $0.01 this USD price is worth less than 0.000001 tokens.'],
    ] as const) {
      const res = await call('PUT', '/api/admin/cryptos/USDT', { ...USDT_FORM, ...body });
      expect([res.statusCode, res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]]).toEqual([400, message]);
    }
    expect(await usdt()).toEqual(before);
  });
});
