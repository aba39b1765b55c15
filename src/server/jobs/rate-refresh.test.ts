import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cryptos } from '../db/schema';
import { PriceFeedError, type PriceFeed } from '../modules/rates/price-feed';
import { databaseKind, useTestApp } from '../test/harness';
import { RateRefreshJob } from './rate-refresh';

const silentLog = { warn: () => undefined } as unknown as ConstructorParameters<typeof RateRefreshJob>[3];

describe(`rate refresh job (${databaseKind})`, () => {
  const t = useTestApp();

  it('backs off after failures, keeps rates, and recovers', async () => {
    let failing = true;
    const feed: PriceFeed = {
      usdPrices: async () => {
        if (failing) throw new PriceFeedError('the price API answered HTTP 500');
        return new Map([['bitcoin', '50000']]);
      },
    };
    const job = new RateRefreshJob(t.database.db, feed, 5 * 60_000, silentLog, 30_000);
    expect(job.nextDelay()).toBe(300_000);
    await job.runOnce();
    expect(job.status).toMatchObject({ consecutiveFailures: 1, lastError: 'the price API answered HTTP 500' });
    expect(job.nextDelay()).toBe(30_000);
    await job.runOnce();
    expect(job.nextDelay()).toBe(60_000);
    await job.runOnce();
    await job.runOnce();
    await job.runOnce();
    expect(job.nextDelay()).toBe(300_000); // capped at the interval
    const [btc] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC'));
    expect(btc?.rate).toBeNull();
    failing = false;
    await job.runOnce();
    expect(job.status).toMatchObject({ consecutiveFailures: 0, lastError: null });
    const [after] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'BTC'));
    expect(after?.rate).toBe('5000000.000000');
  });

  it('runs once per interval among several instances sharing the database', async () => {
    let calls = 0;
    const feed: PriceFeed = {
      usdPrices: async () => {
        calls++;
        return new Map([['bitcoin', '50000']]);
      },
    };
    // Three instances' jobs, scheduled at the same moment on one database.
    const jobs = [1, 2, 3].map(() => new RateRefreshJob(t.database.db, feed, 5 * 60_000, silentLog));
    const ran = await Promise.all(jobs.map((job) => job.runScheduled(5 * 60_000)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(calls).toBe(1);
    // A second round within the interval runs nowhere.
    expect((await Promise.all(jobs.map((job) => job.runScheduled(5 * 60_000)))).some(Boolean)).toBe(false);
    expect(calls).toBe(1);
  });
});
