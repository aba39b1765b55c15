// SQL of TRON's watcher settings and scan cursor (one row: the table is ready for a second TRON-like network).
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { tronChains } from '../../../db/schema';
import { changedAt } from '../chain-cursor.repository';

export type TronChainRow = typeof tronChains.$inferSelect;

export async function findTronChain(db: Queryable): Promise<TronChainRow | undefined> {
  const [row] = await db.select().from(tronChains).where(eq(tronChains.network, 'tron'));
  return row;
}

export type TronWatcherSettings = Pick<TronChainRow, 'apiUrl' | 'fallbackUrl' | 'confirmations' | 'toleranceBps' | 'autoApproveUsd' | 'minOrderUsd'>;

/** Saves the watcher's settings. `startAt` (the first endpoint) is where reading begins: after its head then, so nothing paid before counts. */
export async function upsertTronChain(db: Queryable, settings: TronWatcherSettings, startAt: bigint | null, now: Date): Promise<void> {
  const cursor = startAt === null ? {} : { nextBlock: startAt, recentBlocks: [], headBlock: startAt - 1n, headChangedAt: null, scannedAt: null };
  await db
    .insert(tronChains)
    .values({ network: 'tron', ...settings, ...cursor, updatedAt: now })
    .onConflictDoUpdate({ target: tronChains.network, set: { ...settings, ...cursor, lastError: null, lastErrorAt: null, updatedAt: now } });
}

export async function deleteTronChain(db: Queryable): Promise<boolean> {
  return (await db.delete(tronChains).where(eq(tronChains.network, 'tron')).returning({ network: tronChains.network })).length > 0;
}

/** Moves the cursor, only if it is still where this scan found it: a slower scan elsewhere cannot move it backwards. */
export async function moveTronCursor(
  db: Queryable,
  from: bigint | null,
  to: { nextBlock: bigint; recentBlocks: { number: string; hash: string }[]; headBlock: bigint; scannedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(tronChains)
    .set({ ...to, headChangedAt: changedAt(tronChains.headBlock, to.headBlock, tronChains.headChangedAt, to.scannedAt), lastError: null, lastErrorAt: null })
    .where(and(eq(tronChains.network, 'tron'), from === null ? isNull(tronChains.nextBlock) : eq(tronChains.nextBlock, from)))
    .returning({ network: tronChains.network });
  return rows.length === 1;
}

export async function recordTronChainError(db: Queryable, message: string, at: Date): Promise<void> {
  await db.update(tronChains).set({ lastError: message, lastErrorAt: at }).where(eq(tronChains.network, 'tron'));
}

export async function recordTronPrices(db: Queryable, prices: { energySun: number; bandwidthSun: number }, at: Date): Promise<void> {
  await db.update(tronChains).set({ energyPriceSun: prices.energySun, bandwidthPriceSun: prices.bandwidthSun, pricesAt: at }).where(eq(tronChains.network, 'tron'));
}
