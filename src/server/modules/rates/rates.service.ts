// Feed-mode rates: tokens per 1 unit = USD price of the crypto ÷ token price in USD, 6 decimals.
import type { RefreshResult } from '@/contracts/admin';
import { dec, roundTo, toPlain } from '@/domain/decimal';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings, lockSale, setTokenPrice } from '../sale/sale.service';
import { PriceFeedError, type PriceFeed } from './price-feed';
import { clearRateTime, findFeedIds, lockFeedModeCryptos, lockFeedPricedCryptos, setFeedPrice, setRecomputedRate } from './rates.repository';

/** Tokens per 1 unit; null when it would round to zero. */
export function rateFromPrice(usdPrice: string, tokenPriceUsd: string): string | null {
  const rate = roundTo(dec(usdPrice).div(tokenPriceUsd));
  return rate.gt(0) ? toPlain(rate) : null;
}

export async function refreshRates(db: Db, feed: PriceFeed, actor: Actor | null, now = new Date()): Promise<RefreshResult> {
  const ids = await findFeedIds(db);
  // Throws PriceFeedError before anything changes: an unreachable or malformed feed keeps every rate.
  const prices = await feed.usdPrices(ids);
  return db.transaction(async (tx) => {
    // The rows are locked before the token price is read, in the order recomputeFeedRates locks
    // them: a token-price change either finishes first (and this divides by the new price) or waits
    // and recomputes from the prices stored here. No rate is left computed from an old price, and
    // a crypto switched to a manual rate while the feed answered keeps the operator's rate.
    const feedCryptos = await lockFeedPricedCryptos(tx);
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
      await setFeedPrice(tx, crypto.code, usd, rate, now);
      updated.push(crypto.code);
    }
    if (actor) await recordAudit(tx, actor, 'rates.refreshed', 'crypto:rates', null, { updated, missing });
    const message =
      `Updated ${updated.length} rate${updated.length === 1 ? '' : 's'}` +
      (missing.length ? `; no price for ${missing.join(', ')} (left unchanged).` : '.');
    return { updated, missing, message };
  });
}

/** An operator's refresh: a feed that fails becomes a 503 naming why, and no rate changes. */
export async function refreshRatesForOperator(db: Db, feed: PriceFeed, actor: Actor): Promise<RefreshResult> {
  try {
    return await refreshRates(db, feed, actor);
  } catch (e) {
    if (e instanceof PriceFeedError) throw new AppError('unavailable', `Failed to update cryptos: ${e.message}.`);
    throw e;
  }
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
  const rows = await lockFeedModeCryptos(tx);
  const result: RecomputedRates = { before: {}, after: {}, stale: [] };
  for (const row of rows) {
    const rate = row.usdPrice === null ? null : rateFromPrice(row.usdPrice, tokenPriceUsd);
    if (rate !== null) {
      await setRecomputedRate(tx, row.code, rate, now);
      result.before[row.code] = row.rate === null ? null : toPlain(dec(row.rate));
      result.after[row.code] = rate;
    } else if (row.rateUpdatedAt !== null) {
      await clearRateTime(tx, row.code, now);
      result.stale.push(row.code);
    }
  }
  return result;
}

/**
 * Sets the token price and recomputes every feed-mode rate from its last USD price, in one
 * transaction; a feed rate with no USD price becomes stale until the next refresh. The audit entry
 * keeps the rates before and after, and which were made stale. Lives here rather than in the sale
 * module because the rates depend on the price, not the other way round.
 */
export async function updateTokenPrice(db: Db, events: EventBus, actor: Actor, priceUsd: string): Promise<{ priceUsd: string }> {
  const saved = await db.transaction(async (tx) => {
    const before = await lockSale(tx);
    const now = new Date();
    await setTokenPrice(tx, priceUsd, now);
    const rates = await recomputeFeedRates(tx, priceUsd, now);
    await recordAudit(
      tx,
      actor,
      'price.updated',
      'sale:price',
      { priceUsd: toPlain(dec(before.priceUsd)), rates: rates.before },
      { priceUsd: toPlain(dec(priceUsd)), rates: rates.after, staleRates: rates.stale },
    );
    return { priceUsd: toPlain(dec(priceUsd)) };
  });
  // Open pages refetch the sale at once, and every instance drops its cached figures.
  events.publish({ type: 'sale' });
  return saved;
}
