import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFeed, type FakeFeed } from '../../test/fake-price-feed';
import { createPriceFeed, PriceFeedError } from './price-feed';
import { rateFromPrice } from './rates.service';

describe('price feed client', () => {
  let fake: FakeFeed;
  beforeAll(async () => {
    fake = await startFakeFeed();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('asks for USD prices of the ids and returns them as decimal strings', async () => {
    fake.behaviour = { kind: 'prices', prices: { bitcoin: 65000.12, ethereum: 3200.5, 'tiny-coin': 1.2e-7 } };
    const prices = await createPriceFeed(fake.url).usdPrices(['bitcoin', 'ethereum', 'tiny-coin', 'unknown-coin']);
    expect(Object.fromEntries(prices)).toEqual({ bitcoin: '65000.12', ethereum: '3200.5', 'tiny-coin': '1.2e-7' });
    expect(fake.requests.at(-1)).toBe('/api/v3/simple/price?ids=bitcoin,ethereum,tiny-coin,unknown-coin&vs_currencies=usd');
  });

  it.each([
    [{ kind: 'status', status: 429 } as const, /HTTP 429/],
    [{ kind: 'status', status: 500 } as const, /HTTP 500/],
    [{ kind: 'garbage', body: '<html>oops' } as const, /not JSON/],
    [{ kind: 'garbage', body: '{"bitcoin": {"usd": "lots"}}' } as const, /unexpected format/],
    [{ kind: 'garbage', body: '[1, 2, 3]' } as const, /unexpected format/],
  ])('fails with a clear error on %j', async (behaviour, message) => {
    fake.behaviour = behaviour;
    await expect(createPriceFeed(fake.url).usdPrices(['bitcoin'])).rejects.toThrow(message);
  });

  it('gives up after its timeout', async () => {
    fake.behaviour = { kind: 'hang' };
    const error = await createPriceFeed(fake.url, { timeoutMs: 200 })
      .usdPrices(['bitcoin'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceFeedError);
    expect(String(error)).toMatch(/did not answer within 0.2 s/);
  });

  it('reports an unreachable API', async () => {
    await expect(createPriceFeed('http://127.0.0.1:1/api').usdPrices(['bitcoin'])).rejects.toThrow(/could not be reached/);
  });
});

describe('rateFromPrice', () => {
  it('divides the USD price by the token price, rounding half-up to 6 decimals', () => {
    expect(rateFromPrice('65000.12', '0.01')).toBe('6500012');
    expect(rateFromPrice('1', '3')).toBe('0.333333');
    expect(rateFromPrice('2', '3')).toBe('0.666667');
    expect(rateFromPrice('1.2e-7', '0.01')).toBe('0.000012');
    expect(rateFromPrice('1e-12', '1')).toBeNull();
  });
});
