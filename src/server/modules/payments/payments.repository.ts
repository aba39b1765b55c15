// SQL of automatic payments: account keys, deposit addresses, EVM chain settings and cursors, payments.
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LookupNetwork } from '@/domain/networks';
import type { Db, Queryable } from '../../db/client';
import { accountKeys, bitcoinChains, depositAddresses, evmChains, excessDecisions, lookupEndpoints, operators, orders, payments, users, type KeyFamily } from '../../db/schema';

export type AccountKeyRow = typeof accountKeys.$inferSelect;
export type EvmChainRow = typeof evmChains.$inferSelect;
export type UtxoChainRow = typeof bitcoinChains.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

// ── Account keys and deposit addresses ───────────────────────────────────────────────────────────

export async function findActiveKey(db: Queryable, family: KeyFamily): Promise<AccountKeyRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true)));
  return row;
}

/** The active key, locked until the transaction ends: handing out an index is one at a time. */
export async function lockActiveKey(db: Queryable, family: KeyFamily): Promise<AccountKeyRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true))).for('update');
  return row;
}

export async function replaceActiveKey(db: Queryable, family: KeyFamily, xpub: string, scriptType: AccountKeyRow['scriptType'] = null): Promise<AccountKeyRow> {
  await db.update(accountKeys).set({ active: false }).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true)));
  const [row] = await db.insert(accountKeys).values({ family, xpub, scriptType }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deactivateKey(db: Queryable, family: KeyFamily): Promise<void> {
  await db.update(accountKeys).set({ active: false }).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true)));
}

/** Pending orders paying to addresses derived from this key: while any is open, the key stays. */
export async function countOpenOrdersOnKey(db: Queryable, keyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(depositAddresses, eq(orders.depositAddressId, depositAddresses.id))
    .where(and(eq(depositAddresses.keyId, keyId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

export async function findDepositAddress(db: Queryable, keyId: number, userId: number): Promise<{ id: number; address: string } | undefined> {
  const [row] = await db
    .select({ id: depositAddresses.id, address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.keyId, keyId), eq(depositAddresses.userId, userId)));
  return row;
}

/** Records the address at the key's next index for the buyer and moves the index on, in the caller's transaction. */
export async function insertDepositAddress(db: Queryable, key: AccountKeyRow, userId: number, address: string): Promise<{ id: number; address: string }> {
  const [row] = await db
    .insert(depositAddresses)
    // EVM addresses are matched lower-case; Bitcoin's base58 addresses are case-sensitive.
    .values({ keyId: key.id, userId, derivationIndex: key.nextIndex, address: key.family === 'evm' ? address.toLowerCase() : address })
    .returning({ id: depositAddresses.id, address: depositAddresses.address });
  await db.update(accountKeys).set({ nextIndex: key.nextIndex + 1 }).where(eq(accountKeys.id, key.id));
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Every deposit address of a family, with its buyer: what the watcher looks for. */
export async function findWatchedAddresses(db: Queryable, family: KeyFamily): Promise<{ address: string; userId: number }[]> {
  return db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .innerJoin(accountKeys, eq(depositAddresses.keyId, accountKeys.id))
    .where(eq(accountKeys.family, family));
}

/**
 * Addresses of the key handed out after the last one that received a payment (all of them when none
 * has): the "gap" a wallet must look across to find later payments.
 */
export async function countGap(db: Queryable, key: AccountKeyRow): Promise<number> {
  const [row] = await db
    .select({ lastUsed: sql<number | null>`max(${depositAddresses.derivationIndex})`.mapWith(Number) })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.keyId, key.id), sql`exists (select 1 from ${payments} where ${payments.toAddress} = ${depositAddresses.address} and ${payments.state} <> 'reverted')`));
  const lastUsed = row?.lastUsed ?? null;
  return key.nextIndex - (lastUsed === null ? 0 : lastUsed + 1);
}

/** Deposit addresses of a family that pending orders pay to: the Bitcoin watcher polls their mempool. */
export async function findAwaitedAddresses(db: Queryable, family: KeyFamily): Promise<string[]> {
  const rows = await db
    .selectDistinct({ address: depositAddresses.address })
    .from(orders)
    .innerJoin(depositAddresses, eq(orders.depositAddressId, depositAddresses.id))
    .innerJoin(accountKeys, eq(depositAddresses.keyId, accountKeys.id))
    .where(and(eq(accountKeys.family, family), eq(orders.status, 'pending')));
  return rows.map((r) => r.address);
}

/**
 * Per deposit address, the largest order open on it (pending, or expired and still taking a late
 * payment), in satoshis: the amount the large-payment rule looks at, whatever part of it a payment is.
 */
export async function findAwaitedAmounts(db: Queryable, addresses: string[]): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ address: depositAddresses.address, units: sql<string>`(max(${orders.payAmount}) * 100000000)::numeric(30, 0)::text` })
    .from(orders)
    .innerJoin(depositAddresses, eq(orders.depositAddressId, depositAddresses.id))
    .where(and(inArray(depositAddresses.address, addresses), inArray(orders.status, ['pending', 'expired'])))
    .groupBy(depositAddresses.address);
  return new Map(rows.map((r) => [r.address, BigInt(r.units)]));
}

// ── Bitcoin chains ───────────────────────────────────────────────────────────────────────────────

export type UtxoChain = UtxoChainRow['chain'];

export async function findUtxoChain(db: Queryable, chain: UtxoChain): Promise<UtxoChainRow | undefined> {
  const [row] = await db.select().from(bitcoinChains).where(eq(bitcoinChains.chain, chain));
  return row;
}

export async function findUtxoChains(db: Queryable): Promise<UtxoChainRow[]> {
  return db.select().from(bitcoinChains).orderBy(bitcoinChains.chain);
}

export type UtxoWatcherSettings = Pick<UtxoChainRow, 'esploraUrl' | 'confirmations' | 'largeAboveUnits' | 'largeConfirmations' | 'toleranceBps' | 'autoApproveUsd'>;

/** Saves the chain's settings; a new endpoint starts the watcher afresh (`resetCursor`): nothing paid before counts. */
export async function upsertUtxoChain(db: Queryable, chain: UtxoChain, settings: UtxoWatcherSettings, resetCursor: boolean, now: Date): Promise<void> {
  const cursor = resetCursor ? { cursor: null, tipHeight: null, scannedAt: null } : {};
  await db
    .insert(bitcoinChains)
    .values({ chain, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: bitcoinChains.chain, set: { ...settings, ...cursor, lastError: null, lastErrorAt: null, updatedAt: now } });
}

export async function deleteUtxoChain(db: Queryable, chain: UtxoChain): Promise<boolean> {
  const rows = await db.delete(bitcoinChains).where(eq(bitcoinChains.chain, chain)).returning({ chain: bitcoinChains.chain });
  return rows.length > 0;
}

/**
 * Stores the scanner's new cursor, only if the stored one is still the one this scan started from
 * (compared by its tip and its scan time): a slower scan elsewhere cannot move it backwards.
 */
export async function moveUtxoCursor(db: Queryable, chain: UtxoChain, from: Date | null, to: { cursor: unknown; tipHeight: number; scannedAt: Date }): Promise<boolean> {
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

// ── EVM chains ───────────────────────────────────────────────────────────────────────────────────

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
export async function moveCursor(
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

/** `at` when the stored `column` differs from `value` (or nothing was recorded yet), else the instant kept in `since`. */
function changedAt(column: AnyPgColumn, value: number | bigint, since: AnyPgColumn, at: Date) {
  return sql<Date>`case when ${column} is distinct from ${value.toString()}::bigint then ${at.toISOString()}::timestamptz else coalesce(${since}, ${at.toISOString()}::timestamptz) end`;
}

export async function recordChainError(db: Queryable, chainId: number, message: string, at: Date): Promise<void> {
  await db.update(evmChains).set({ lastError: message, lastErrorAt: at }).where(eq(evmChains.chainId, chainId));
}

/** The chain payments were seen on: an EVM chain by id, or a Bitcoin-family chain. */
export type PaymentChain = { network: 'evm'; chainId: number } | { network: UtxoChain };

function onChain(on: PaymentChain) {
  return on.network === 'evm' ? and(eq(payments.network, 'evm'), eq(payments.chainId, on.chainId)) : eq(payments.network, on.network);
}

// ── Payments ─────────────────────────────────────────────────────────────────────────────────────

/** Stores payments not seen before; a payment already stored (a re-scan) is left as it is. */
export async function insertPayments(db: Queryable, rows: NewPayment[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(payments).values(rows).onConflictDoNothing({ target: [payments.chainId, payments.txHash, payments.logIndex] });
}

/** Payments in blocks a reorganisation replaced: they are no longer on the chain. */
export async function revertPaymentsFrom(db: Queryable, chainId: number, fromBlock: bigint, now: Date): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ state: 'reverted', updatedAt: now })
    .where(and(eq(payments.network, 'evm'), eq(payments.chainId, chainId), gte(payments.blockNumber, fromBlock), inArray(payments.state, ['seen', 'confirmed'])))
    .returning();
}

/** Seen payments at or below the confirmed height become confirmed. */
export async function confirmPaymentsUpTo(db: Queryable, chainId: number, height: bigint, now: Date): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ state: 'confirmed', updatedAt: now })
    .where(and(eq(payments.network, 'evm'), eq(payments.chainId, chainId), eq(payments.state, 'seen'), lte(payments.blockNumber, height)))
    .returning();
}

/** Payments on the chain (seen or confirmed) that no order holds yet and no operator dismissed. */
export async function findUnassignedPayments(db: Queryable, on: PaymentChain): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(onChain(on), inArray(payments.state, ['seen', 'confirmed']), isNull(payments.orderId), isNull(payments.dismissedAt), isNotNull(payments.userId)))
    .orderBy(payments.blockNumber, payments.logIndex);
}

/** Holds a payment for an order, unless another order already holds it. */
export async function assignPayment(db: Queryable, paymentId: number, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ orderId, updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * Holds a payment made after its pending order's window closed (its `paidAt` past the order's
 * `expiresAt`; the expiry job has not run yet) and, in the same transaction, expires the order as
 * the job would have: the payment is then late, as one to an expired order is, and waits for the
 * operator (decision 024). False when another order already holds the payment.
 */
export async function assignLatePayment(db: Db, paymentId: number, orderId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ orderId, updatedAt: now })
      .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
      .returning({ paidAt: payments.paidAt });
    if (!payment) return false;
    await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), lt(orders.expiresAt, payment.paidAt)));
    return true;
  });
}

/** Whether the order holds a payment (not reverted) made after its window closed: a late one, for the operator. */
export async function holdsLatePayment(db: Queryable, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['seen', 'confirmed']), sql`${payments.paidAt} > ${orders.expiresAt}`))
    .limit(1);
  return row !== undefined;
}

export async function findOrderPayments(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.blockNumber, payments.logIndex);
}

/**
 * The order a payment to a buyer's deposit address is for: their pending order in that currency
 * (at most one, by a unique index), else the latest one that expired within `lateSince`. Only an
 * order that existed when the payment was seen: money sent before ordering is not taken to pay a
 * later order behind the operator's back (it stays unallocated for them).
 */
export async function findOrderForPayment(
  db: Queryable,
  userId: number,
  on: PaymentChain,
  tokenContract: string | null,
  lateSince: Date,
  seenAt: Date,
): Promise<{ id: number; status: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.depositAddressId),
        eq(orders.network, on.network),
        on.network === 'evm' ? eq(orders.chainId, on.chainId) : undefined,
        tokenContract === null ? isNull(orders.tokenContract) : sql`lower(${orders.tokenContract}) = ${tokenContract}`,
        sql`(${orders.status} = 'pending' or (${orders.status} = 'expired' and ${orders.expiresAt} >= ${lateSince}))`,
        lte(orders.createdAt, seenAt),
      ),
    )
    .orderBy(sql`${orders.status} = 'pending' desc`, desc(orders.createdAt))
    .limit(1);
  return row;
}

/** The status of the order a payment belongs to, read in the caller's transaction. */
export async function findPaidOrder(db: Queryable, orderId: number): Promise<{ publicId: string; status: string } | undefined> {
  const [row] = await db.select({ publicId: orders.publicId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The payments held by these orders, oldest first. */
export async function findPaymentsOfOrders(db: Queryable, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.blockNumber, payments.logIndex);
}

/** Orders holding a payment still short of its confirmations on this chain, with that payment's hash. */
export async function findOrdersAwaitingConfirmations(db: Queryable, on: PaymentChain): Promise<{ orderId: number; txHash: string }[]> {
  const rows = await db
    .select({ orderId: payments.orderId, txHash: payments.txHash })
    .from(payments)
    .where(and(onChain(on), eq(payments.state, 'seen'), isNotNull(payments.orderId)));
  return rows.flatMap((r) => (r.orderId === null ? [] : [{ orderId: r.orderId, txHash: r.txHash }]));
}

/** Deposits on the chain that no order holds and no operator dismissed, newest first, with their buyer. */
export async function findUnallocated(db: Queryable, lateBefore: Date): Promise<(PaymentRow & { buyerEmail: string })[]> {
  const rows = await db
    .select({ payment: payments, buyerEmail: users.email })
    .from(payments)
    .innerJoin(users, eq(payments.userId, users.id))
    .where(and(isNull(payments.orderId), isNull(payments.dismissedAt), inArray(payments.state, ['seen', 'confirmed']), lte(payments.createdAt, lateBefore)))
    .orderBy(desc(payments.createdAt));
  return rows.map((r) => ({ ...r.payment, buyerEmail: r.buyerEmail }));
}

/** Marks an unallocated deposit dismissed; false when it is not (any more) unallocated. */
export async function dismissPayment(db: Queryable, id: number, note: string, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ dismissedAt: now, dismissNote: note, updatedAt: now })
    .where(and(eq(payments.id, id), isNull(payments.orderId), isNull(payments.dismissedAt)))
    .returning();
  return row;
}

/** An unallocated deposit, locked until the transaction ends, with the deposit address it reached. */
export async function lockUnallocatedPayment(db: Queryable, id: number): Promise<(PaymentRow & { depositAddressId: number }) | undefined> {
  const [row] = await db
    .select({ payment: payments, depositAddressId: depositAddresses.id })
    .from(payments)
    .innerJoin(depositAddresses, eq(depositAddresses.address, payments.toAddress))
    .where(and(eq(payments.id, id), isNull(payments.orderId), isNull(payments.dismissedAt), inArray(payments.state, ['seen', 'confirmed'])))
    .for('update', { of: payments });
  return row ? { ...row.payment, depositAddressId: row.depositAddressId } : undefined;
}

// ── Excess decisions ─────────────────────────────────────────────────────────────────────────────

export type ExcessDecisionRow = typeof excessDecisions.$inferSelect & { decidedByLogin: string | null };

export async function findExcessDecisions(db: Queryable, orderIds: number[]): Promise<ExcessDecisionRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ decision: excessDecisions, decidedByLogin: operators.login })
    .from(excessDecisions)
    .leftJoin(operators, eq(operators.id, excessDecisions.decidedBy))
    .where(inArray(excessDecisions.orderId, orderIds));
  return rows.map((r) => ({ ...r.decision, decidedByLogin: r.decidedByLogin }));
}

/** Records the decision; undefined when the order already has one (one decision per order). */
export async function insertExcessDecision(db: Queryable, values: typeof excessDecisions.$inferInsert): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(excessDecisions).values(values).onConflictDoNothing({ target: excessDecisions.orderId }).returning({ id: excessDecisions.id });
  return row;
}

export type LookupEndpointRow = typeof lookupEndpoints.$inferSelect;

export async function findLookupEndpoints(db: Queryable): Promise<LookupEndpointRow[]> {
  return db.select().from(lookupEndpoints).orderBy(lookupEndpoints.network);
}

export async function findLookupEndpoint(db: Queryable, network: LookupNetwork): Promise<LookupEndpointRow | undefined> {
  const [row] = await db.select().from(lookupEndpoints).where(eq(lookupEndpoints.network, network));
  return row;
}

export async function upsertLookupEndpoint(db: Queryable, network: LookupNetwork, url: string, now: Date): Promise<void> {
  await db
    .insert(lookupEndpoints)
    .values({ network, url, updatedAt: now })
    .onConflictDoUpdate({ target: lookupEndpoints.network, set: { url, updatedAt: now } });
}

export async function deleteLookupEndpoint(db: Queryable, network: LookupNetwork): Promise<boolean> {
  const rows = await db.delete(lookupEndpoints).where(eq(lookupEndpoints.network, network)).returning({ network: lookupEndpoints.network });
  return rows.length > 0;
}
