// SQL of account keys and the deposit addresses handed out from them, per key family (EVM, or one
// Bitcoin-family chain).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accountKeys, depositAddresses, orders, payments, type KeyFamily } from '../../db/schema';

export type AccountKeyRow = typeof accountKeys.$inferSelect;

/** The key's xpub. Only TRON has imported lists (the table's check), so an EVM or Bitcoin-family row always has one. */
export function xpubOf(key: AccountKeyRow): string {
  if (key.xpub === null) throw new Error(`Account key ${key.id} is an imported address list, not a key.`);
  return key.xpub;
}

export async function findActiveKey(db: Queryable, family: KeyFamily): Promise<AccountKeyRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true)));
  return row;
}

/** The active key, locked until the transaction ends: handing out an index is one at a time. */
export async function lockActiveKey(db: Queryable, family: KeyFamily): Promise<AccountKeyRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true))).for('update');
  return row;
}

/**
 * Makes `xpub` the family's active key. A key saved before (removed, or replaced and then brought
 * back) goes on after the last index it handed out: its earlier addresses are still some buyer's.
 */
export async function replaceActiveKey(db: Queryable, family: KeyFamily, xpub: string, scriptType: AccountKeyRow['scriptType'] = null): Promise<AccountKeyRow> {
  await db.update(accountKeys).set({ active: false }).where(and(eq(accountKeys.family, family), eq(accountKeys.active, true)));
  const [used] = await db
    .select({ next: sql<number>`coalesce(max(${depositAddresses.derivationIndex}) + 1, 0)::int` })
    .from(depositAddresses)
    .innerJoin(accountKeys, eq(depositAddresses.keyId, accountKeys.id))
    .where(and(eq(accountKeys.family, family), eq(accountKeys.xpub, xpub), scriptType === null ? sql`${accountKeys.scriptType} is null` : eq(accountKeys.scriptType, scriptType)));
  const [row] = await db.insert(accountKeys).values({ family, xpub, scriptType, nextIndex: used?.next ?? 0 }).returning();
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

/**
 * Records the address at `index` (the key's derivation index, or a list's position) for the buyer and
 * moves the key's next index past it, in the caller's transaction. Undefined, with nothing changed,
 * when the address is already some buyer's (a list and a key of the same wallet can both hold it).
 */
export async function insertDepositAddress(db: Queryable, key: AccountKeyRow, userId: number, address: string, index = key.nextIndex): Promise<{ id: number; address: string } | undefined> {
  const [row] = await db
    .insert(depositAddresses)
    // EVM addresses are matched lower-case; Bitcoin's base58 addresses are case-sensitive.
    .values({ keyId: key.id, userId, derivationIndex: index, address: key.family === 'evm' ? address.toLowerCase() : address })
    .onConflictDoNothing({ target: depositAddresses.address })
    .returning({ id: depositAddresses.id, address: depositAddresses.address });
  if (row) await db.update(accountKeys).set({ nextIndex: index + 1 }).where(eq(accountKeys.id, key.id));
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

/**
 * Deposit addresses of a family that pending orders pay to, each with when its newest pending order was
 * placed: the Bitcoin watcher polls their mempool, newer orders more often (decision 030).
 */
export async function findAwaitedAddresses(db: Queryable, family: KeyFamily): Promise<{ address: string; since: Date }[]> {
  const rows = await db
    .select({ address: depositAddresses.address, since: sql<string | Date>`max(${orders.createdAt})` })
    .from(orders)
    .innerJoin(depositAddresses, eq(orders.depositAddressId, depositAddresses.id))
    .innerJoin(accountKeys, eq(depositAddresses.keyId, accountKeys.id))
    .where(and(eq(accountKeys.family, family), eq(orders.status, 'pending')))
    .groupBy(depositAddresses.address);
  return rows.map((r) => ({ address: r.address, since: new Date(r.since) }));
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

/** Deposit addresses handed out from this key (under any of its saves) or from this imported list. */
export async function countHandedOut(db: Queryable, key: AccountKeyRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(depositAddresses)
    .innerJoin(accountKeys, eq(depositAddresses.keyId, accountKeys.id))
    .where(key.xpub === null ? eq(accountKeys.id, key.id) : and(eq(accountKeys.family, key.family), eq(accountKeys.xpub, key.xpub)));
  return row?.n ?? 0;
}
