import { describe, expect, it } from 'vitest';
import { databaseKind, useTestApp } from '../test/harness';
import { RateLimiter } from './rate-limit-store';

describe(`rate limits counted together (${databaseKind})`, () => {
  const t = useTestApp();

  it('give attempts arriving together the counts they would get one by one, in arrival order', async () => {
    const limiter = new RateLimiter(t.database.db);
    const hits = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('together', 60_000)));
    expect(hits.map((h) => h.hits)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await limiter.hit('together', 60_000)).hits).toBe(11);
  });

  it('let exactly `max` of many simultaneous attempts through, each key counted on its own', async () => {
    const limiter = new RateLimiter(t.database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        limiter.consumeAll(
          [
            { key: 'shared-address', max: 8 },
            { key: `account-${i % 3}`, max: 3 },
          ],
          60_000,
        ),
      ),
    );
    // Accounts 0, 1, 2 each try 4 times (limit 3): the 4th of each is refused; 9 pass the accounts,
    // and the address (limit 8) refuses the 9th and later attempts.
    const passed = results.map((r, i) => (r.status === 'fulfilled' ? i : -1)).filter((i) => i >= 0);
    expect(passed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await limiter.peek(['shared-address', 'account-0', 'account-1', 'account-2'], 60_000)).toEqual([12, 4, 4, 4]);
  });

  it('start a new window once the old one has closed, also for attempts counted together', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const limiter = new RateLimiter(t.database.db, () => now);
    await Promise.all([limiter.hit('window', 60_000), limiter.hit('window', 60_000)]);
    now = new Date('2026-11-23T10:01:01Z');
    const again = await Promise.all([limiter.hit('window', 60_000), limiter.hit('window', 60_000), limiter.hit('window', 60_000)]);
    expect(again.map((h) => h.hits)).toEqual([1, 2, 3]);
    expect(again[0].resetInMs).toBe(60_000);
  });
});
