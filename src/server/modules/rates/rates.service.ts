// Every crypto has a USD price, from the price feed ('feed') or typed by an operator ('manual'); its
// rate in tokens per 1 unit = that USD price ÷ the token price in USD, 6 decimals, recomputed in the
// transaction that changes either (decision 025).
import type { RefreshResult } from '@/contracts/cryptos';
import { dec, toPlain } from '@/domain/decimal';
import { priceFromRate, rateFromPrice } from '@/domain/usd-price';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { AppError, invalid } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { adminStagesView } from '../sale/sale-admin.service';
import { findStages, getSaleSettings, lockSale, setStagePrice, setTokenPrice } from '../sale/sale.service';
import { PriceFeedError, type PriceFeed } from './price-feed';
import { clearRateTime, findFeedIds, lockAllCryptos, lockFeedPricedCryptos, setFeedPrice, setManualPrice, setRecomputedRate } from './rates.repository';

export { priceFromRate, rateFromPrice } from '@/domain/usd-price';
export type { PriceFeed } from './price-feed';

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

/** What a token-price change did to the rates, for the audit log. */
export interface RecomputedRates {
  /** Rates recomputed from their USD price, by crypto code: before and after. */
  before: Record<string, string | null>;
  after: Record<string, string>;
  /** Feed cryptos with no USD price to recompute from, now stale: refused for buying until the next refresh. */
  stale: string[];
}

/**
 * After the token price changes, recomputes every crypto's rate from its USD price, feed-priced and
 * manually priced alike, in the caller's transaction. A manual rate stored without a USD price (a
 * row written before USD prices were typed) is first priced at `previousPriceUsd`, the token price
 * it was set for. A feed crypto without a USD price (never fetched, or too small to give a rate at
 * the new token price) cannot be recomputed: its rate time is cleared, which makes it stale until
 * the next refresh, so no order is quoted at the old price; a manual one too small to give a rate
 * loses its rate, which stops it being offered until the operator prices it again.
 */
export async function recomputeRates(tx: Queryable, tokenPriceUsd: string, now: Date, previousPriceUsd?: string): Promise<RecomputedRates> {
  // Locked, so an operator's edit of one of these cryptos waits instead of being overwritten.
  const rows = await lockAllCryptos(tx);
  const result: RecomputedRates = { before: {}, after: {}, stale: [] };
  for (const row of rows) {
    const before = row.rate === null ? null : toPlain(dec(row.rate));
    if (row.rateSource === 'manual') {
      const usdPrice = row.usdPrice ?? (row.rate !== null && previousPriceUsd !== undefined ? priceFromRate(row.rate, previousPriceUsd) : null);
      if (usdPrice === null) continue;
      const rate = rateFromPrice(usdPrice, tokenPriceUsd);
      await setManualPrice(tx, row.code, usdPrice, rate, now);
      result.before[row.code] = before;
      if (rate !== null) result.after[row.code] = rate;
      else result.stale.push(row.code);
      continue;
    }
    const rate = row.usdPrice === null ? null : rateFromPrice(row.usdPrice, tokenPriceUsd);
    if (rate !== null) {
      await setRecomputedRate(tx, row.code, rate, now);
      result.before[row.code] = before;
      result.after[row.code] = rate;
    } else if (row.rateUpdatedAt !== null) {
      await clearRateTime(tx, row.code, now);
      result.stale.push(row.code);
    }
  }
  return result;
}

/** The name this had while only feed rates were recomputed; kept for callers written against it. */
export const recomputeFeedRates = recomputeRates;

/**
 * Sets the token price, which is the current stage's price, and recomputes every crypto's rate from
 * its USD price, in one transaction; a feed rate with no USD price becomes stale until the next
 * refresh. A stage that has sales keeps its price (its orders were priced at it): the operator adds
 * a stage at the new price instead. The audit entry keeps the rates before and after, and which were
 * made stale. Lives here rather than in the sale module because the rates depend on the price, not
 * the other way round.
 */
export async function updateTokenPrice(db: Db, events: EventBus, actor: Actor, priceUsd: string): Promise<{ priceUsd: string }> {
  const saved = await db.transaction(async (tx) => {
    const before = await lockSale(tx);
    const now = new Date();
    const view = adminStagesView(before, await findStages(tx), now);
    const current = view.find((s) => s.state === 'current');
    if (!current) throw invalid(NO_OPEN_STAGE, { priceUsd: NO_OPEN_STAGE });
    if (current.hasSales) {
      const message = `Stage ${current.number} has sales, so its price is fixed. Add a stage at the new price on the Sale page.`;
      throw invalid(message, { priceUsd: message });
    }
    await setStagePrice(tx, current.id, priceUsd);
    await setTokenPrice(tx, priceUsd, now);
    const rates = await recomputeRates(tx, priceUsd, now, before.priceUsd);
    await recordAudit(
      tx,
      actor,
      'price.updated',
      'sale:price',
      { priceUsd: toPlain(dec(before.priceUsd)), stage: current.number, rates: rates.before },
      { priceUsd: toPlain(dec(priceUsd)), stage: current.number, rates: rates.after, staleRates: rates.stale },
    );
    return { priceUsd: toPlain(dec(priceUsd)) };
  });
  // Open pages refetch the sale at once, and every instance drops its cached figures.
  events.publish({ type: 'sale' });
  return saved;
}

const NO_OPEN_STAGE = 'No stage is open: add a stage at the new price on the Sale page.';
