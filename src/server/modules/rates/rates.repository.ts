// The rate columns of the cryptos table, as feed refreshes and token-price changes write them.
// Rows are always locked in code order, so a refresh, a price change and a wallet change never
// wait on each other in a circle.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cryptos } from '../../db/schema';

export type RatedCrypto = typeof cryptos.$inferSelect;

const feedPriced = and(eq(cryptos.rateSource, 'feed'), isNotNull(cryptos.priceFeedId));

/** The feed ids of the cryptos whose rate comes from the price feed. */
export async function findFeedIds(db: Queryable): Promise<string[]> {
  const asked = await db.selectDistinct({ id: cryptos.priceFeedId }).from(cryptos).where(feedPriced);
  return asked.map((c) => c.id).filter((id): id is string => Boolean(id));
}

/** Locks the cryptos priced by the feed (feed mode with a feed id). */
export async function lockFeedPricedCryptos(db: Queryable): Promise<RatedCrypto[]> {
  return db.select().from(cryptos).where(feedPriced).orderBy(asc(cryptos.code)).for('update');
}

/** Locks every crypto in feed mode, with or without a feed id. */
export async function lockFeedModeCryptos(db: Queryable): Promise<RatedCrypto[]> {
  return db.select().from(cryptos).where(eq(cryptos.rateSource, 'feed')).orderBy(asc(cryptos.code)).for('update');
}

/** Locks every crypto, feed-priced and manually priced alike (a token-price change reprices them all). */
export async function lockAllCryptos(db: Queryable): Promise<RatedCrypto[]> {
  return db.select().from(cryptos).orderBy(asc(cryptos.code)).for('update');
}

/** A manual rate's USD price (a row from before USD prices were typed, priced at the token price it was typed for) and its rate. */
export async function setManualPrice(db: Queryable, code: string, usdPrice: string, rate: string | null, now: Date): Promise<void> {
  await db.update(cryptos).set({ usdPrice, rate, updatedAt: now }).where(eq(cryptos.code, code));
}

export async function setFeedPrice(db: Queryable, code: string, usdPrice: string, rate: string, now: Date): Promise<void> {
  await db.update(cryptos).set({ usdPrice, rate, rateUpdatedAt: now, updatedAt: now }).where(eq(cryptos.code, code));
}

/** A rate recomputed from the stored USD price: its time stays that of the price. */
export async function setRecomputedRate(db: Queryable, code: string, rate: string, now: Date): Promise<void> {
  await db.update(cryptos).set({ rate, updatedAt: now }).where(eq(cryptos.code, code));
}

/** Clears the rate's time, which makes it stale until the next refresh. */
export async function clearRateTime(db: Queryable, code: string, now: Date): Promise<void> {
  await db.update(cryptos).set({ rateUpdatedAt: null, updatedAt: now }).where(eq(cryptos.code, code));
}
