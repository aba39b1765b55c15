// Feed-mode rates: tokens per 1 unit = USD price of the crypto ÷ token price in USD, 6 decimals.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
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

const feedPriced = and(eq(cryptos.rateSource, 'feed'), isNotNull(cryptos.priceFeedId));

export async function refreshRates(db: Db, feed: PriceFeed, actor: Actor | null, now = new Date()): Promise<RefreshResult> {
  const asked = await db.selectDistinct({ id: cryptos.priceFeedId }).from(cryptos).where(feedPriced);
  const ids = asked.map((c) => c.id).filter((id): id is string => Boolean(id));
  // Throws PriceFeedError before anything changes: an unreachable or malformed feed keeps every rate.
  const prices = await feed.usdPrices(ids);
  return db.transaction(async (tx) => {
    // The rows are locked before the token price is read, in the order recomputeFeedRates locks
    // them: a token-price change either finishes first (and this divides by the new price) or waits
    // and recomputes from the prices stored here. No rate is left computed from an old price, and
    // a crypto switched to a manual rate while the feed answered keeps the operator's rate.
    const feedCryptos = await tx.select().from(cryptos).where(feedPriced).orderBy(asc(cryptos.code)).for('update');
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

/** What a token-price change did to the feed rates, for the audit log. */
export interface RecomputedRates {
  /** Rates recomputed from their USD price, by crypto code: before and after. */
  before: Record<string, string | null>;
  after: Record<string, string>;
  /** Feed cryptos with no USD price to recompute from, now stale: refused for buying until the next refresh. */
  stale: string[];
}

/**
 * After the token price changes, recomputes every feed-mode rate from its last USD price, in the
 * caller's transaction. A feed crypto without one (its rate was typed by an operator, or the price
 * is too small to give a rate at the new token price) cannot be recomputed: its rate time is
 * cleared, which makes it stale until the next refresh, so no order is quoted at the old price.
 */
export async function recomputeFeedRates(tx: Queryable, tokenPriceUsd: string, now: Date): Promise<RecomputedRates> {
  // Locked, so an operator's edit of one of these cryptos waits instead of being overwritten.
  const rows = await tx.select().from(cryptos).where(eq(cryptos.rateSource, 'feed')).orderBy(asc(cryptos.code)).for('update');
  const result: RecomputedRates = { before: {}, after: {}, stale: [] };
  for (const row of rows) {
    const rate = row.usdPrice === null ? null : rateFromPrice(row.usdPrice, tokenPriceUsd);
    if (rate !== null) {
      await tx.update(cryptos).set({ rate, updatedAt: now }).where(eq(cryptos.code, row.code));
      result.before[row.code] = row.rate === null ? null : toPlain(dec(row.rate));
      result.after[row.code] = rate;
    } else if (row.rateUpdatedAt !== null) {
      await tx.update(cryptos).set({ rateUpdatedAt: null, updatedAt: now }).where(eq(cryptos.code, row.code));
      result.stale.push(row.code);
    }
  }
  return result;
}
