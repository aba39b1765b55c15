// SQL of TRON's imported address list (issue 33): the family's one account_keys row of source 'list',
// its addresses in the order imported, and which of them are left to hand out.
import { and, asc, eq, gte, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { accountKeys, depositAddresses, importedAddresses } from '../../../db/schema';
import type { AccountKeyRow } from '../deposit-addresses.repository';

const isTronList = and(eq(accountKeys.family, 'tron'), eq(accountKeys.source, 'list'));

/** An imported address no buyer holds (a key of the same wallet may have handed it out since). */
const notHandedOut = notExists(sql`(select 1 from ${depositAddresses} where ${depositAddresses.address} = ${importedAddresses.address})`);

export async function findAddressList(db: Queryable): Promise<AccountKeyRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(isTronList);
  return row;
}

/**
 * TRON's list, locked until the transaction ends (made, inactive, if there is none yet): imports append
 * one at a time. Two first imports at once make one row; the second waits for it and locks it.
 */
export async function lockAddressList(db: Queryable): Promise<AccountKeyRow> {
  await db.insert(accountKeys).values({ family: 'tron', source: 'list', xpub: null, active: false }).onConflictDoNothing();
  const [row] = await db.select().from(accountKeys).where(isTronList).for('update');
  if (!row) throw new Error('The TRON address list row is missing after its insert.');
  return row;
}

/** Makes the list TRON's active source (the caller has deactivated the key) and clears its "ran out". */
export async function activateAddressList(db: Queryable, listId: number): Promise<void> {
  await db.update(accountKeys).set({ active: true, ranOutAt: null }).where(eq(accountKeys.id, listId));
}

/** Of `addresses`, those already imported (into any list) and those already a buyer's deposit address. */
export async function findTakenAddresses(db: Queryable, addresses: string[]): Promise<{ imported: Set<string>; inUse: Set<string> }> {
  const imported = new Set<string>();
  const inUse = new Set<string>();
  for (let i = 0; i < addresses.length; i += 1000) {
    const chunk = addresses.slice(i, i + 1000);
    const [listed, used] = await Promise.all([
      db.select({ address: importedAddresses.address }).from(importedAddresses).where(inArray(importedAddresses.address, chunk)),
      db.select({ address: depositAddresses.address }).from(depositAddresses).where(inArray(depositAddresses.address, chunk)),
    ]);
    for (const r of listed) imported.add(r.address);
    for (const r of used) inUse.add(r.address);
  }
  return { imported, inUse };
}

/** Appends `addresses` after the list's last position, under the list's lock. */
export async function appendImportedAddresses(db: Queryable, listId: number, addresses: string[], now: Date): Promise<void> {
  const [next] = await db
    .select({ position: sql<number>`coalesce(max(${importedAddresses.position}) + 1, 0)::int` })
    .from(importedAddresses)
    .where(eq(importedAddresses.listId, listId));
  const start = next?.position ?? 0;
  for (let i = 0; i < addresses.length; i += 1000) {
    await db.insert(importedAddresses).values(addresses.slice(i, i + 1000).map((address, k) => ({ listId, position: start + i + k, address, importedAt: now })));
  }
}

/** How many addresses the list holds, and how many are left to hand out. */
export async function countListAddresses(db: Queryable, list: AccountKeyRow): Promise<{ imported: number; left: number }> {
  const [row] = await db
    .select({
      imported: sql<number>`count(*)::int`,
      left: sql<number>`(count(*) filter (where ${importedAddresses.position} >= ${list.nextIndex} and ${notHandedOut}))::int`,
    })
    .from(importedAddresses)
    .where(eq(importedAddresses.listId, list.id));
  return { imported: row?.imported ?? 0, left: row?.left ?? 0 };
}

/** The next address to hand out: the first at or after the list's next position that no buyer holds. */
export async function nextListedAddress(db: Queryable, list: AccountKeyRow): Promise<{ position: number; address: string } | undefined> {
  const [row] = await db
    .select({ position: importedAddresses.position, address: importedAddresses.address })
    .from(importedAddresses)
    .where(and(eq(importedAddresses.listId, list.id), gte(importedAddresses.position, list.nextIndex), notHandedOut))
    .orderBy(asc(importedAddresses.position))
    .limit(1);
  return row;
}

/** Marks the list as run out, once: true only for the call that marked it (its refusal is audited). */
export async function markRanOut(db: Queryable, listId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountKeys)
    .set({ ranOutAt: now })
    .where(and(eq(accountKeys.id, listId), isNull(accountKeys.ranOutAt)))
    .returning({ id: accountKeys.id });
  return rows.length > 0;
}
