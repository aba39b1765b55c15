// The ledger's hash chain (issue 16, migration 0014), recomputed from a public export. The database
// links each entry as it is written; this is the same rule in TypeScript, so that anyone (the
// `verify-ledger` command, the /transparency page in a browser, the tests) can check an export
// without trusting the server. Pure: SHA-256 from @noble/hashes runs the same in Node and browsers.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { dec, type Decimal } from './decimal';
import { REWARD_KINDS, type LedgerKind } from './ledger-kinds';

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** One ledger entry as the export carries it: exactly the text the database hashed. */
export interface ChainEntry {
  seq: number;
  id: number;
  userId: number;
  orderId: number | null;
  kind: string;
  /** As stored, with its six decimals: "1500.000000". */
  amount: string;
  /** UTC to the microsecond: "2026-11-23T10:00:00.123456Z". */
  createdAt: string;
  prevHash: string;
  hash: string;
}

/** An approved order as the export carries it, to check that the ledger credits what it says. */
export interface ChainOrder {
  orderId: number;
  tokens: string;
  bonusTokens: string;
  /** Of `tokens` and `bonusTokens`, what an operator credited for an overpayment ("0" when none). */
  excessTokens: string;
  excessBonusTokens: string;
  /** Withdrawn by its buyer since (decision 040): the ledger then also takes its tokens and bonus back. */
  withdrawn?: boolean;
}

/** A head someone saved earlier (from /transparency's daily list or its current head). */
export interface SavedHead {
  seq: number;
  hash: string;
}

/** What the database hashes: prev_hash|seq|id|user_id|order_id|kind|amount|created_at. */
export function canonicalEntry(prevHash: string, e: Omit<ChainEntry, 'prevHash' | 'hash'>): string {
  return [prevHash, e.seq, e.id, e.userId, e.orderId ?? '', e.kind, e.amount, e.createdAt].join('|');
}

export function entryHash(prevHash: string, e: Omit<ChainEntry, 'prevHash' | 'hash'>): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalEntry(prevHash, e))));
}

export type LedgerCheck =
  | { ok: true; entries: number; head: SavedHead; savedHeads: number }
  | { ok: false; seq: number | null; problem: string };

/**
 * Recomputes the chain from its first entry and reports the first thing that does not hold: an
 * entry whose hash is not its content's (edited), a link to a previous hash that is not the entry
 * before it (removed, inserted or reordered), a head the chain does not reach, or an approved order
 * whose tokens and bonus differ from what the ledger credited for it.
 */
export function verifyLedger(input: { entries: readonly ChainEntry[]; head?: SavedHead | undefined; orders?: readonly ChainOrder[]; savedHeads?: readonly SavedHead[] }): LedgerCheck {
  const { entries } = input;
  let prev = GENESIS_HASH;
  for (const [i, e] of entries.entries()) {
    if (e.seq !== i + 1) {
      return { ok: false, seq: e.seq, problem: `Entry ${i + 1} is missing: the entry in its place says it is number ${e.seq} (entries removed or reordered).` };
    }
    if (e.prevHash !== prev) {
      return { ok: false, seq: e.seq, problem: `Entry ${e.seq} links to ${short(e.prevHash)}, but the entry before it hashes to ${short(prev)} (an entry before it was changed, removed or moved).` };
    }
    const computed = entryHash(prev, e);
    if (computed !== e.hash) {
      return { ok: false, seq: e.seq, problem: `Entry ${e.seq} does not match its hash: its content hashes to ${short(computed)}, the export says ${short(e.hash)} (the entry was changed).` };
    }
    prev = e.hash;
  }
  const last = entries.at(-1);
  const head = { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH };
  if (input.head && (input.head.seq !== head.seq || input.head.hash !== head.hash)) {
    return { ok: false, seq: input.head.seq, problem: `The stated head (entry ${input.head.seq}, ${short(input.head.hash)}) is not where the entries end (entry ${head.seq}, ${short(head.hash)}).` };
  }
  for (const saved of input.savedHeads ?? []) {
    const at = saved.seq === 0 ? GENESIS_HASH : entries[saved.seq - 1]?.hash;
    if (at === undefined) return { ok: false, seq: saved.seq, problem: `The saved head at entry ${saved.seq} is past the end of the chain (${head.seq} entries): entries were removed.` };
    if (at !== saved.hash) return { ok: false, seq: saved.seq, problem: `Entry ${saved.seq} now hashes to ${short(at)}, not to the saved ${short(saved.hash)}: history up to it was rewritten.` };
  }
  if (input.orders) {
    const problem = ordersProblem(entries, input.orders);
    if (problem) return problem;
  }
  return { ok: true, entries: entries.length, head, savedHeads: input.savedHeads?.length ?? 0 };
}

type Kind = 'purchase' | 'bonus' | 'excess' | 'excess_bonus' | 'withdrawal' | 'withdrawal_bonus';
const KINDS: readonly Kind[] = ['purchase', 'bonus', 'excess', 'excess_bonus', 'withdrawal', 'withdrawal_bonus'];

/**
 * What an order's figures say each kind of entry credited. An order's tokens and bonus are its
 * totals: an overpayment's excess, once credited, is part of them and also listed on its own.
 */
function expectedCredits(o: ChainOrder): { kind: Kind; amount: Decimal; says: string }[] {
  return [
    { kind: 'purchase', amount: dec(o.tokens).minus(dec(o.excessTokens)), says: `${o.tokens} tokens (${o.excessTokens} of them for an overpayment)` },
    { kind: 'bonus', amount: dec(o.bonusTokens).minus(dec(o.excessBonusTokens)), says: `${o.bonusTokens} bonus (${o.excessBonusTokens} of it for an overpayment)` },
    { kind: 'excess', amount: dec(o.excessTokens), says: `${o.excessTokens} tokens for an overpayment` },
    { kind: 'excess_bonus', amount: dec(o.excessBonusTokens), says: `${o.excessBonusTokens} bonus for an overpayment` },
    // A withdrawn order's tokens and bonus leave by entries of their own, never by editing the credits.
    { kind: 'withdrawal', amount: o.withdrawn ? dec(0).minus(dec(o.tokens)) : dec(0), says: o.withdrawn ? `it was withdrawn (${o.tokens} tokens taken back)` : 'it was not withdrawn' },
    { kind: 'withdrawal_bonus', amount: o.withdrawn ? dec(0).minus(dec(o.bonusTokens)) : dec(0), says: o.withdrawn ? `it was withdrawn (${o.bonusTokens} bonus taken back)` : 'it was not withdrawn' },
  ];
}

const KIND_NAMES: Record<Kind, string> = {
  purchase: 'as tokens',
  bonus: 'as bonus',
  excess: 'for the overpayment',
  excess_bonus: "as the overpayment's bonus",
  withdrawal: 'as withdrawn tokens',
  withdrawal_bonus: 'as withdrawn bonus',
};

/** Each approved order's figures equal its ledger entries; every entry (rewards included) belongs to a listed order. */
function ordersProblem(entries: readonly ChainEntry[], orders: readonly ChainOrder[]): { ok: false; seq: number | null; problem: string } | null {
  const credited = new Map<number, { sums: Map<Kind, Decimal>; firstSeq: number }>();
  const listed = new Set(orders.map((o) => o.orderId));
  for (const e of entries) {
    if (e.orderId === null) continue;
    // A reward names the approved order that earned it; it is not part of that order's tokens.
    if (REWARD_KINDS.includes(e.kind as LedgerKind)) {
      if (!listed.has(e.orderId)) return { ok: false, seq: e.seq, problem: `Ledger entry ${e.seq} is a reward for order ${e.orderId}, which is not in the list of approved orders.` };
      continue;
    }
    if (!KINDS.includes(e.kind as Kind)) return { ok: false, seq: e.seq, problem: `Entry ${e.seq} is of an unknown kind, "${e.kind}".` };
    const order = credited.get(e.orderId) ?? { sums: new Map<Kind, Decimal>(), firstSeq: e.seq };
    order.sums.set(e.kind as Kind, (order.sums.get(e.kind as Kind) ?? dec(0)).plus(dec(e.amount)));
    credited.set(e.orderId, order);
  }
  for (const o of orders) {
    const order = credited.get(o.orderId);
    if (!order) return { ok: false, seq: null, problem: `Order ${o.orderId} is listed as approved, but no ledger entry credits it.` };
    for (const { kind, amount, says } of expectedCredits(o)) {
      const ledger = order.sums.get(kind) ?? dec(0);
      if (!ledger.eq(amount)) {
        return { ok: false, seq: order.firstSeq, problem: `Order ${o.orderId} says ${says}, but the ledger credits ${ledger.toFixed()} ${KIND_NAMES[kind]} for it.` };
      }
    }
    credited.delete(o.orderId);
  }
  const [orphan] = credited;
  return orphan ? { ok: false, seq: orphan[1].firstSeq, problem: `Ledger entry ${orphan[1].firstSeq} credits order ${orphan[0]}, which is not in the list of approved orders.` } : null;
}

const short = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash || '(empty)');
