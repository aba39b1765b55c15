// What both P5 watcher lines (EVM on anvil, TRON on the test node) share: the watched buyers they set
// up, the requests made while the payments were watched, and how long after its block each order was
// approved.
import type { Db } from '../src/server/db/client';
import { termsAcceptances, users } from '../src/server/db/schema';
import { getCurrentTerms } from '../src/server/modules/content/content.service';
import type { DepositAddresses } from '../src/server/modules/payments/deposit-addresses.service';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The requests counted since `before`, in all and by method (or path). */
export function requestsSince(calls: Map<string, number>, before: Map<string, number>): { total: number; byName: Record<string, number> } {
  const byName: Record<string, number> = {};
  let total = 0;
  for (const [name, n] of calls) {
    const during = n - (before.get(name) ?? 0);
    if (during > 0) byName[name] = during;
    total += during;
  }
  return { total, byName };
}

/** Time from each paid order's block to its approval, and of the watcher's ticks, in milliseconds. */
export function approvalTimes(
  orders: { publicId: string }[],
  minedAt: Map<string, number>,
  approvedAt: Map<string, number>,
  tickDurations: number[],
): { approvalAfterBlockMs: { p50: number; p99: number; max: number }; tickMs: { p50: number; max: number } } {
  const delays = orders.flatMap((o) => {
    const approved = approvedAt.get(o.publicId);
    const mined = minedAt.get(o.publicId);
    return approved === undefined || mined === undefined ? [] : [approved - mined];
  });
  delays.sort((a, b) => a - b);
  return {
    approvalAfterBlockMs: { p50: Math.round(pct(delays, 50)), p99: Math.round(pct(delays, 99)), max: Math.round(delays.at(-1) ?? 0) },
    tickMs: { p50: Math.round(pct([...tickDurations].sort((a, b) => a - b), 50)), max: Math.round(Math.max(0, ...tickDurations)) },
  };
}

/**
 * `count` buyers, each with a deposit address on `chain` (their ids in order), the first `buying` of
 * them able to order as registration would leave them: the current terms accepted, a country declared.
 */
export async function addWatchedBuyers(db: Db, depositAddresses: DepositAddresses, count: number, buying: number, chain: Parameters<DepositAddresses['assign']>[2]): Promise<number[]> {
  for (let i = 0; i < count; i += 1000) {
    const n = Math.min(1000, count - i);
    await db.insert(users).values(Array.from({ length: n }, (_, k) => ({ name: `Watched ${i + k}`, email: `watched${i + k}@example.com`, passwordHash: 'not-a-login', country: 'DE' })));
  }
  const ids = (await db.select({ id: users.id }).from(users).orderBy(users.id)).map((u) => u.id);
  for (let i = 0; i < ids.length; i += 500) {
    await db.transaction(async (tx) => {
      for (const id of ids.slice(i, i + 500)) await depositAddresses.assign(tx, id, chain);
    });
  }
  const terms = await getCurrentTerms(db);
  const buyers = ids.slice(0, buying);
  for (let i = 0; i < buyers.length; i += 1000) {
    await db.insert(termsAcceptances).values(buyers.slice(i, i + 1000).map((userId) => ({ userId, version: terms.version, sha256: terms.sha256, acceptedAt: new Date(), ipAddress: '127.0.0.1' })));
  }
  return buyers;
}
