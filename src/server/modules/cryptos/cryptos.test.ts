import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCrypto, PublicCrypto } from '@/contracts/cryptos';
import { auditLog, cryptos, orders } from '../../db/schema';
import { startFakeFeed, type FakeFeed } from '../../test/fake-price-feed';
import { createPriceFeed } from '../rates/price-feed';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let fake: FakeFeed;
beforeAll(async () => {
  fake = await startFakeFeed();
});
afterAll(async () => {
  await fake.close();
});

describe(`crypto management (${databaseKind})`, () => {
  const t = useTestApp({}, { priceFeed: createPriceFeed('http://placeholder', { fetch: (input, init) => fetch((input as string).replace('http://placeholder', fake.url), init) }) });
  let cookie = '';
  const as = async () => {
    cookie = await signInOperator(t.app, t.database);
    return cookie;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: { [OP_COOKIE]: cookie }, payload: method === 'GET' || method === 'DELETE' ? undefined : (payload ?? {}) });
  const adminList = async () => (await call('GET', '/api/admin/cryptos')).json<{ cryptos: AdminCrypto[] }>().cryptos;
  const publicList = async () => (await t.app.inject({ method: 'GET', url: '/api/cryptos' })).json<{ cryptos: PublicCrypto[] }>().cryptos;
  const VALID = { currency: 'xmr', fullName: 'Monero', network: 'other', rate: '1500.5', address: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A', rateSource: 'manual' };

  it('seeds common currencies with feed ids and icons but no address, so none is offered', async () => {
    await as();
    const list = await adminList();
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT', 'USDC', 'BNB', 'DOGE', 'SOL', 'TRX']));
    expect(list.every((c) => c.address === '' && !c.offered && c.priceFeedId !== '' && c.iconUrl === `/crypto/${c.code.toLowerCase()}.svg`)).toBe(true);
    expect(list.find((c) => c.code === 'USDT')).toMatchObject({ network: 'evm', chainId: 1, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, stale: true });
    expect(await publicList()).toEqual([]);
  });

  it('adds a crypto, upper-casing the code, and offers it to buyers', async () => {
    await as();
    const res = await call('POST', '/api/admin/cryptos', VALID);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'XMR', name: 'Monero', rate: '1500.5', offered: true, stale: false });
    expect((await publicList()).map((c) => c.code)).toEqual(['XMR']);
    const [entry] = await t.database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'crypto.created', entity: 'crypto:XMR', operatorLogin: 'operator' });
  });

  it.each([
    [{ currency: 'x' }, 'currency', 'Currency must be at least 2 characters.'],
    [{ currency: 'TOOLONGCODE123' }, 'currency', 'Currency must be at most 12 characters.'],
    [{ currency: 'A B' }, 'currency', 'Currency may contain only letters and digits.'],
    [{ fullName: 'M' }, 'fullName', 'Full name must be at least 2 characters.'],
    [{ rate: '0' }, 'rate', 'Rate must be a positive number.'],
    [{ rate: '-5' }, 'rate', 'Rate must be a positive number.'],
    [{ rate: 'abc' }, 'rate', 'Rate must be a positive number.'],
    [{ rate: '1e3' }, 'rate', 'Rate must be a positive number.'],
    [{ rate: '0.' + '1'.repeat(30) }, 'rate', 'At most 6 decimals.'],
    [{ rate: 5 }, 'rate', undefined],
    [{ address: 'abc' }, 'address', 'Address must be at least 5 characters.'],
    [{ network: 'evm', chainId: 1, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }, 'address', 'The address checksum is wrong: check it for typos.'],
    [{ network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3' }, 'address', 'Not a valid Bitcoin address (checksum or format is wrong).'],
    [{ network: 'evm', address: ETH_ADDRESS }, 'chainId', 'EVM networks need a chain id (1 for Ethereum).'],
    // USDT on TRON with its contract's last letter changed: no payment would ever match it.
    [{ network: 'tron', tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', decimals: 6 }, 'tokenContract', 'Token contract: Not a valid TRON address (checksum or format is wrong).'],
    [{ network: 'moon' }, 'network', undefined],
    [{ rateSource: 'feed', priceFeedId: '' }, 'priceFeedId', 'Feed rates need a price feed id.'],
    [{ fullName: 'x'.repeat(10_000) }, 'fullName', 'Full name must be at most 60 characters.'],
  ])('refuses %j with a field message and changes nothing', async (change, field, message) => {
    await as();
    const res = await call('POST', '/api/admin/cryptos', { ...VALID, ...change });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(fields[field]).toBeDefined();
    if (message) expect(fields[field]).toBe(message);
    expect(await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'XMR'))).toHaveLength(0);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('refuses a duplicate code in any case', async () => {
    await as();
    const res = await call('POST', '/api/admin/cryptos', { ...VALID, currency: 'btc', network: 'bitcoin', address: BTC_ADDRESS });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: 'BTC already exists.', fields: { currency: 'BTC already exists.' } } });
  });

  it('edits a crypto by code; the code itself cannot change', async () => {
    await as();
    const res = await call('PUT', '/api/admin/cryptos/btc', { fullName: 'Bitcoin', network: 'bitcoin', rate: '6500000', address: BTC_ADDRESS, priceFeedId: 'bitcoin', rateSource: 'feed', decimals: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'BTC', address: BTC_ADDRESS, rate: '6500000', offered: true });
    const renamed = await call('PUT', '/api/admin/cryptos/BTC', { currency: 'XBT', fullName: 'Bitcoin', network: 'bitcoin', rate: '1' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ error: { fields: { currency: 'Unknown field.' } } });
    expect((await call('PUT', '/api/admin/cryptos/NOPE', { fullName: 'Nope', network: 'other', rate: '1' })).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditLog);
    expect(audit?.before).toMatchObject({ address: null });
    expect(audit?.after).toMatchObject({ address: BTC_ADDRESS });
  });

  it('deletes an unused crypto, but disables one that orders use and says so', async () => {
    await as();
    expect((await call('DELETE', '/api/admin/cryptos/SOL')).json()).toEqual({ outcome: 'deleted', message: 'SOL was deleted.' });
    const buyer = await registerBuyer(t.app);
    await t.database.db.insert(orders).values({
      publicId: 'o1', userId: buyer.id, cryptoCode: 'ETH', address: ETH_ADDRESS, tokens: '100', bonusTokens: '5', payAmount: '0.1', rate: '1000', usdAmount: '1', priceUsd: '0.01', expiresAt: new Date(),
    });
    const res = await call('DELETE', '/api/admin/cryptos/ETH');
    expect(res.json()).toEqual({ outcome: 'disabled', message: 'ETH is used by existing orders, so it was disabled instead of deleted.' });
    expect((await adminList()).find((c) => c.code === 'ETH')?.enabled).toBe(false);
  });

  it('sets one ERC-20 wallet on every EVM crypto in one transaction, after validating it once', async () => {
    await as();
    const bad = await call('POST', '/api/admin/cryptos/evm-wallet', { address: ETH_ADDRESS.toLowerCase() });
    expect(bad.statusCode).toBe(400);
    expect((await adminList()).filter((c) => c.address !== '')).toEqual([]);
    const res = await call('POST', '/api/admin/cryptos/evm-wallet', { address: ETH_ADDRESS });
    expect(res.json()).toMatchObject({ updated: ['BNB', 'ETH', 'USDC', 'USDT'] });
    const list = await adminList();
    expect(list.filter((c) => c.network === 'evm').every((c) => c.address === ETH_ADDRESS)).toBe(true);
    expect(list.filter((c) => c.network !== 'evm').every((c) => c.address === '')).toBe(true);
    // Seeded feed cryptos have no rate until the first refresh, so they are not offered yet.
    expect(await publicList()).toEqual([]);
  });

  it('refreshes feed rates from the price API, leaving cryptos without a price unchanged and reported', async () => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 65000, ethereum: 3000.5, tether: 1 } };
    const res = await call('POST', '/api/admin/cryptos/refresh-rates');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ updated: string[]; missing: string[]; message: string }>();
    // USDT on TRON follows the same feed as USDT on Ethereum.
    expect(body.updated.sort()).toEqual(['BTC', 'ETH', 'USDT', 'USDTTRC20']);
    expect(body.missing).toContain('SOL');
    expect(body.message).toMatch(/^Updated 4 rates; no price for .*SOL.*\(left unchanged\)\.$/);
    const list = await adminList();
    expect(list.find((c) => c.code === 'BTC')).toMatchObject({ rate: '6500000', usdPrice: '65000', stale: false });
    expect(list.find((c) => c.code === 'ETH')?.rate).toBe('300050');
    expect(list.find((c) => c.code === 'SOL')).toMatchObject({ rate: null, stale: true });
  });

  it.each([
    [{ kind: 'status', status: 503 } as const, 'Failed to update cryptos: the price API answered HTTP 503.'],
    [{ kind: 'garbage', body: 'not json' } as const, 'Failed to update cryptos: the price API sent a response that is not JSON.'],
  ])('keeps every rate when the feed fails with %j', async (behaviour, message) => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 65000 } };
    await call('POST', '/api/admin/cryptos/refresh-rates');
    fake.behaviour = behaviour;
    const res = await call('POST', '/api/admin/cryptos/refresh-rates');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message } });
    expect((await adminList()).find((c) => c.code === 'BTC')?.rate).toBe('6500000');
  });

  const BTC_FEED = { fullName: 'Bitcoin', network: 'bitcoin', address: BTC_ADDRESS, priceFeedId: 'bitcoin', rateSource: 'feed', decimals: 8 };
  const btcRow = async () => (await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC')))[0];

  it.each(['9000000', '9000000.0', '09000000.000000'])('keeps the USD price and rate time of a feed crypto saved with its rate spelled %j', async (rate) => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 90000 } };
    await call('POST', '/api/admin/cryptos/refresh-rates');
    const before = await btcRow();
    expect(before).toMatchObject({ rate: '9000000.000000', usdPrice: '90000.000000000000' });
    const res = await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FEED, rate });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rate: '9000000', usdPrice: '90000', rateUpdatedAt: before?.rateUpdatedAt?.toISOString(), stale: false, offered: true });
    expect(await btcRow()).toMatchObject({ rate: '9000000.000000', usdPrice: '90000.000000000000', rateUpdatedAt: before?.rateUpdatedAt });
  });

  it('takes a changed rate for a feed crypto as the USD price it gives at the token price, until the next refresh', async () => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 90000 } };
    await call('POST', '/api/admin/cryptos/refresh-rates');
    const fetchedAt = new Date(Date.now() - 30 * 60_000);
    await t.database.db.update(cryptos).set({ rateUpdatedAt: fetchedAt }).where(eq(cryptos.code, 'BTC'));
    const res = await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FEED, rate: '8000000.5' });
    expect(res.json()).toMatchObject({ rate: '8000000.5', usdPrice: '80000.005', stale: false });
    expect((await btcRow())?.rateUpdatedAt?.getTime()).toBeGreaterThan(fetchedAt.getTime());
    await call('POST', '/api/admin/cryptos/refresh-rates');
    expect((await adminList()).find((c) => c.code === 'BTC')).toMatchObject({ rate: '9000000', usdPrice: '90000', stale: false });
  });

  it('keeps a rate turned from manual into feed as the USD price it gives, until the next refresh', async () => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 90000 } };
    await call('POST', '/api/admin/cryptos/refresh-rates');
    await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FEED, rateSource: 'manual', rate: '9000000' });
    expect(await btcRow()).toMatchObject({ rateSource: 'manual', usdPrice: '90000.000000000000' });
    await call('PUT', '/api/admin/cryptos/BTC', { ...BTC_FEED, rate: '9000000' });
    expect(await btcRow()).toMatchObject({ rateSource: 'feed', rate: '9000000.000000', usdPrice: '90000.000000000000' });
  });

  it('marks feed rates older than the maximum age as stale', async () => {
    await as();
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 65000 } };
    await call('POST', '/api/admin/cryptos/refresh-rates');
    await t.database.db.update(cryptos).set({ rateUpdatedAt: new Date(Date.now() - 61 * 60_000) }).where(eq(cryptos.code, 'BTC'));
    expect((await adminList()).find((c) => c.code === 'BTC')?.stale).toBe(true);
  });
});
