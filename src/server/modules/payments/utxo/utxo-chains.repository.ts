// SQL of the Bitcoin-family chains' settings and scan cursors (table bitcoin_chains), and of the
// payments their scans report.
import { and, eq, isNull } from 'drizzle-orm';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { Queryable } from '../../../db/client';
import { bitcoinChains, payments } from '../../../db/schema';
import { changedAt } from '../chain-cursor.repository';
import type { PaymentRow } from '../payments.repository';

export type UtxoChainRow = typeof bitcoinChains.$inferSelect;

export async function findUtxoChain(db: Queryable, chain: UtxoChain): Promise<UtxoChainRow | undefined> {
  const [row] = await db.select().from(bitcoinChains).where(eq(bitcoinChains.chain, chain));
  return row;
}

export async function findUtxoChains(db: Queryable): Promise<UtxoChainRow[]> {
  return db.select().from(bitcoinChains).orderBy(bitcoinChains.chain);
}

export type UtxoWatcherSettings = Pick<UtxoChainRow, 'esploraUrl' | 'confirmations' | 'largeAboveUnits' | 'largeConfirmations' | 'toleranceBps' | 'autoApproveUsd' | 'requestsPerMinute'>;

/** Saves the chain's settings; its scan cursor stays where it is (a new chain has none: its watcher starts at the tip). */
export async function upsertUtxoChain(db: Queryable, chain: UtxoChain, settings: UtxoWatcherSettings, now: Date): Promise<void> {
  await db
    .insert(bitcoinChains)
    .values({ chain, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: bitcoinChains.chain, set: { ...settings, lastError: null, lastErrorAt: null, updatedAt: now } });
}

export async function deleteUtxoChain(db: Queryable, chain: UtxoChain): Promise<boolean> {
  const rows = await db.delete(bitcoinChains).where(eq(bitcoinChains.chain, chain)).returning({ chain: bitcoinChains.chain });
  return rows.length > 0;
}

/**
 * Stores the scanner's new cursor, only if the stored one is still the one this scan started from
 * (compared by its tip and its scan time): a slower scan elsewhere cannot move it backwards.
 */
export async function moveUtxoCursor(db: Queryable, chain: UtxoChain, from: Date | null, to: { cursor: unknown; tipHeight: number; scannedAt: Date; awaitingAddresses: number; unpolledAddresses: number }): Promise<boolean> {
  const rows = await db
    .update(bitcoinChains)
    .set({ ...to, tipChangedAt: changedAt(bitcoinChains.tipHeight, to.tipHeight, bitcoinChains.tipChangedAt, to.scannedAt), lastError: null, lastErrorAt: null })
    .where(and(eq(bitcoinChains.chain, chain), from === null ? isNull(bitcoinChains.scannedAt) : eq(bitcoinChains.scannedAt, from)))
    .returning({ chain: bitcoinChains.chain });
  return rows.length === 1;
}

export async function recordUtxoChainError(db: Queryable, chain: UtxoChain, message: string, at: Date): Promise<void> {
  await db.update(bitcoinChains).set({ lastError: message, lastErrorAt: at }).where(eq(bitcoinChains.chain, chain));
}

/** What a Bitcoin scan reports of a payment: stored once per (transaction, address), its state brought up to date. */
export interface UtxoSighting {
  txHash: string;
  toAddress: string;
  value: string;
  blockNumber: bigint | null;
  blockHash: string | null;
  state: 'seen' | 'confirmed' | 'reverted';
  userId: number | null;
  /** When it was paid: its block's time if first found mined, else when this scan first saw it unconfirmed. Kept once stored. */
  paidAt: Date;
}

/**
 * Stores each sighting: a new payment is inserted, a known one takes the scan's block and state (a
 * transaction mined, reorganised into another block, confirmed, or gone). Returns the rows that
 * changed state, with the state they had.
 */
export async function upsertUtxoPayments(db: Queryable, chain: UtxoChain, sightings: UtxoSighting[], now: Date): Promise<(PaymentRow & { previous: PaymentRow['state'] | null })[]> {
  const changed: (PaymentRow & { previous: PaymentRow['state'] | null })[] = [];
  for (const s of sightings) {
    const [known] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.network, chain), eq(payments.txHash, s.txHash), eq(payments.toAddress, s.toAddress)))
      .for('update');
    if (!known) {
      if (s.state === 'reverted') continue; // gone before it was ever stored: nothing to undo
      const [row] = await db
        .insert(payments)
        .values({ network: chain, chainId: null, txHash: s.txHash, logIndex: 0, tokenContract: null, fromAddress: '', toAddress: s.toAddress, value: s.value, blockNumber: s.blockNumber, blockHash: s.blockHash, state: s.state, userId: s.userId, paidAt: s.paidAt, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) changed.push({ ...row, previous: null });
      continue;
    }
    if (known.state === s.state && known.blockHash === s.blockHash) continue;
    const [row] = await db.update(payments).set({ blockNumber: s.blockNumber, blockHash: s.blockHash, state: s.state, updatedAt: now }).where(eq(payments.id, known.id)).returning();
    if (row) changed.push({ ...row, previous: known.state });
  }
  return changed;
}
