import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cryptos, orders, rateLimits, sessions } from '../db/schema';
import { databaseKind, registerBuyer, useTestApp } from '../test/harness';

const HOUR = 60 * 60 * 1000;

describe(`cleanup job (${databaseKind})`, () => {
  const t = useTestApp();

  it('deletes expired sessions, closed rate-limit windows and day-old Idempotency-Keys, and nothing else', async () => {
    const db = t.database.db;
    const now = new Date();
    const { id: userId } = await registerBuyer(t.app);
    await db.insert(sessions).values([
      { idHash: 'expired', kind: 'buyer', subjectId: userId, expiresAt: new Date(now.getTime() - 1000) },
      { idHash: 'live', kind: 'buyer', subjectId: userId, expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'old', windowStartedAt: new Date(now.getTime() - 25 * HOUR), hits: 3 },
      { key: 'recent', windowStartedAt: new Date(now.getTime() - HOUR), hits: 3 },
    ]);
    await db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const order = (n: number, createdAt: Date) => ({
      publicId: `order${n}`,
      userId,
      cryptoCode: 'ETH',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      status: 'expired' as const,
      tokens: '100',
      bonusTokens: '0',
      payAmount: '1',
      rate: '300000',
      usdAmount: '1',
      priceUsd: '0.01',
      idempotencyKey: `key-${n}-abcdef`,
      requestFingerprint: 'print',
      expiresAt: createdAt,
      createdAt,
    });
    await db.insert(orders).values([order(1, new Date(now.getTime() - 25 * HOUR)), order(2, new Date(now.getTime() - HOUR))]);

    const result = await t.app.cleanup.runOnce(now);
    expect(result).toEqual({ sessions: 1, rateLimits: 1, idempotencyKeys: 1 });
    const sessionHashes = (await db.select({ h: sessions.idHash }).from(sessions)).map((r) => r.h).sort();
    expect(sessionHashes).not.toContain('expired');
    expect(sessionHashes).toContain('live');
    const windows = (await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k);
    expect(windows).toContain('recent');
    expect(windows).not.toContain('old');
    const kept = await db.select({ publicId: orders.publicId, key: orders.idempotencyKey, print: orders.requestFingerprint }).from(orders).orderBy(orders.publicId);
    expect(kept).toEqual([
      { publicId: 'order1', key: null, print: null },
      { publicId: 'order2', key: 'key-2-abcdef', print: 'print' },
    ]);
  });

  it('runs once per interval among instances sharing the database', async () => {
    const now = new Date();
    expect(await t.app.cleanup.runScheduled(now)).not.toBeNull();
    expect(await t.app.cleanup.runScheduled(new Date(now.getTime() + 1000))).toBeNull();
  });
});
