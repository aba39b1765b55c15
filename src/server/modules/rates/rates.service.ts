// Feed-mode rates: tokens per 1 unit = USD price of the crypto ÷ token price in USD, 6 decimals.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { RefreshResult } from '@/contracts/admin';
import { dec, roundTo, toPlain } from '@/domain/decimal';
import type { Queryable, Db } from '../../db/client';
import { cryptos } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit.repository';
import { getSaleSettings } from '../sale/sale.service';
import type { PriceFeed } from './price-feed';

/** Tokens per 1 unit; null when it would round to zero. */
export function rateFromPrice(usdPrice: string, tokenPriceUsd: string): string | null {
  const rate = roundTo(dec(usdPrice).div(tokenPriceUsd));
  return rate.gt(0) ? toPlain(rate) : null;
}

export async function refreshRates(db: Db, feed: PriceFeed, actor: Actor | null, now = new Date()): Promise<RefreshResult> {
  const feedCryptos = await db
    .select()
    .from(cryptos)
    .where(and(eq(cryptos.rateSource, 'feed'), isNotNull(cryptos.priceFeedId)));
  const ids = [...new Set(feedCryptos.map((c) => c.priceFeedId).filter((id): id is string => Boolean(id)))];
  // Throws PriceFeedError before anything changes: an unreachable or malformed feed keeps every rate.
  const prices = await feed.usdPrices(ids);
  return db.transaction(async (tx) => {
    const { priceUsd } = await getSaleSettings(tx);
    const updated: string[] = [];
    const missing: string[] = [];
    for (const crypto of feedCryptos) {
      const usd = crypto.priceFeedId ? prices.get(crypto.priceFeedId) : undefined;
      const rate = usd === undefined ? null : rateFromPrice(usd, priceUsd);
      if (usd === undefined || rate === null) {
        missing.push(crypto.code);
        continue;
      }
      await tx.update(cryptos).set({ usdPrice: usd, rate, rateUpdatedAt: now, updatedAt: now }).where(eq(cryptos.code, crypto.code));
      updated.push(crypto.code);
    }
    if (actor) await recordAudit(tx, actor, 'rates.refreshed', 'crypto:rates', null, { updated, missing });
    const message =
      `Updated ${updated.length} rate${updated.length === 1 ? '' : 's'}` +
      (missing.length ? `; no price for ${missing.join(', ')} (left unchanged).` : '.');
    return { updated, missing, message };
  });
}

/** After the token price changes, recompute feed-mode rates from their last USD prices. */
export async function recomputeFeedRates(tx: Queryable, tokenPriceUsd: string, now: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(cryptos)
    .where(and(eq(cryptos.rateSource, 'feed'), isNotNull(cryptos.usdPrice)));
  for (const row of rows) {
    if (!row.usdPrice) continue;
    const rate = rateFromPrice(row.usdPrice, tokenPriceUsd);
    if (rate) await tx.update(cryptos).set({ rate, updatedAt: now }).where(eq(cryptos.code, row.code));
  }
}
