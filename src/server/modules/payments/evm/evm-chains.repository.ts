// SQL of the EVM chains' settings and scan cursors, and of the payments their scans report.
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { evmChains } from '../../../db/schema';
import { changedAt } from '../chain-cursor.repository';

export type EvmChainRow = typeof evmChains.$inferSelect;

export async function findEvmChains(db: Queryable): Promise<EvmChainRow[]> {
  return db.select().from(evmChains).orderBy(evmChains.chainId);
}

export async function findEvmChain(db: Queryable, chainId: number): Promise<EvmChainRow | undefined> {
  const [row] = await db.select().from(evmChains).where(eq(evmChains.chainId, chainId));
  return row;
}

export interface EvmChainSettings {
  chainId: number;
  rpcUrl: string;
  confirmations: number | null;
  toleranceBps: number;
  autoApproveUsd: string;
}

/**
 * Saves a chain's settings. `startAt` (given for a new chain) is where the watcher begins reading:
 * the block after the head when the endpoint was set, so nothing paid before counts.
 */
export async function upsertEvmChain(db: Queryable, settings: EvmChainSettings, startAt: bigint | null, now: Date): Promise<void> {
  const cursor = startAt === null ? {} : { nextBlock: startAt, recentBlocks: [], headBlock: startAt - 1n };
  await db
    .insert(evmChains)
    .values({ ...settings, ...cursor, updatedAt: now })
    .onConflictDoUpdate({
      target: evmChains.chainId,
      set: {
        rpcUrl: settings.rpcUrl,
        confirmations: settings.confirmations,
        toleranceBps: settings.toleranceBps,
        autoApproveUsd: settings.autoApproveUsd,
        lastError: null,
        lastErrorAt: null,
        updatedAt: now,
      },
    });
}

export async function deleteEvmChain(db: Queryable, chainId: number): Promise<boolean> {
  const rows = await db.delete(evmChains).where(eq(evmChains.chainId, chainId)).returning({ chainId: evmChains.chainId });
  return rows.length > 0;
}

/**
 * Moves the cursor, only if it is still where this scan found it: two scans racing (a slow tick on
 * one instance, the next on another) cannot move it backwards. Returns whether it moved.
 */
export async function moveEvmCursor(
  db: Queryable,
  chainId: number,
  from: bigint | null,
  to: { nextBlock: bigint; recentBlocks: { number: string; hash: string }[]; headBlock: bigint; scannedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(evmChains)
    .set({ ...to, headChangedAt: changedAt(evmChains.headBlock, to.headBlock, evmChains.headChangedAt, to.scannedAt), lastError: null, lastErrorAt: null })
    .where(and(eq(evmChains.chainId, chainId), from === null ? isNull(evmChains.nextBlock) : eq(evmChains.nextBlock, from)))
    .returning({ chainId: evmChains.chainId });
  return rows.length === 1;
}


export async function recordEvmChainError(db: Queryable, chainId: number, message: string, at: Date): Promise<void> {
  await db.update(evmChains).set({ lastError: message, lastErrorAt: at }).where(eq(evmChains.chainId, chainId));
}
