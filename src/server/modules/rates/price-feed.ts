// Client for a CoinGecko-compatible GET {base}/simple/price?ids=…&vs_currencies=usd.
import { z } from 'zod';

export class PriceFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceFeedError';
  }
}

const responseSchema = z.record(z.string(), z.object({ usd: z.number().optional() }).loose());

export interface PriceFeed {
  /** USD prices by feed id, as decimal strings; ids the feed does not know are absent. */
  usdPrices(ids: string[]): Promise<Map<string, string>>;
}

export function createPriceFeed(baseUrl: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): PriceFeed {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async usdPrices(ids) {
      if (ids.length === 0) return new Map();
      const url = `${base}/simple/price?ids=${ids.map(encodeURIComponent).join(',')}&vs_currencies=usd`;
      let response: Response;
      try {
        response = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        const name = (e as { name?: string }).name;
        throw new PriceFeedError(name === 'TimeoutError' || name === 'AbortError' ? `the price API did not answer within ${timeoutMs / 1000} s` : 'the price API could not be reached');
      }
      if (!response.ok) throw new PriceFeedError(`the price API answered HTTP ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new PriceFeedError('the price API sent a response that is not JSON');
      }
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success) throw new PriceFeedError('the price API sent a response in an unexpected format');
      const prices = new Map<string, string>();
      for (const id of ids) {
        const usd = parsed.data[id]?.usd;
        // JSON numbers are the feed's own format; they become exact decimals from here on.
        if (usd !== undefined && usd > 0) prices.set(id, String(usd));
      }
      return prices;
    },
  };
}
