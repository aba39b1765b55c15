// The queries behind /transparency and the operator's overview. Approved orders are summed per
// day and crypto by one query (approvedByDay) for both: the public totals add up its rows for the
// whole sale, the overview's charts show them per day, so the two can never disagree.
import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CAMPAIGN_KINDS, REFERRAL_KINDS } from '@/domain/ledger-kinds';
import type { Network } from '@/domain/networks';
import type { Queryable } from '../../db/client';
import { accountKeys, cryptos, depositAddresses, evmChains, excessDecisions, ledgerChain, ledgerEntries, ledgerHeads, orders, users, withdrawalRequests } from '../../db/schema';

const utcDay = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export interface ApprovedDayRow {
  day: string;
  code: string;
  name: string;
  network: Network;
  amount: string;
  usdAmount: string;
  tokens: string;
  bonusTokens: string;
  orders: number;
}

/** Approved orders summed per UTC day of approval and crypto, from `since` (the whole sale without it). */
export async function approvedByDay(db: Queryable, since?: Date): Promise<ApprovedDayRow[]> {
  const day = utcDay(orders.decidedAt);
  return db
    .select({
      day,
      code: orders.cryptoCode,
      // A crypto the operator has since deleted still shows under its code.
      name: sql<string>`coalesce(max(${cryptos.name}), ${orders.cryptoCode})`,
      network: sql<Network>`min(${orders.network})`,
      amount: sql<string>`sum(${orders.payAmount})::text`,
      usdAmount: sql<string>`sum(${orders.usdAmount})::text`,
      tokens: sql<string>`sum(${orders.tokens})::text`,
      bonusTokens: sql<string>`sum(${orders.bonusTokens})::text`,
      orders: count(),
    })
    .from(orders)
    .leftJoin(cryptos, eq(cryptos.code, orders.cryptoCode))
    .where(and(eq(orders.status, 'approved'), since ? gte(orders.decidedAt, since) : undefined))
    .groupBy(day, orders.cryptoCode)
    .orderBy(asc(day), asc(orders.cryptoCode));
}

export async function countApprovedBuyers(db: Queryable): Promise<number> {
  const [row] = await db.select({ buyers: countDistinct(orders.userId) }).from(orders).where(eq(orders.status, 'approved'));
  return row?.buyers ?? 0;
}

export interface PublicOrderRow {
  orderId: number;
  approvedAt: Date;
  code: string;
  network: Network;
  chainId: number | null;
  amount: string;
  usdAmount: string;
  tokens: string;
  bonusTokens: string;
  excessTokens: string;
  excessBonusTokens: string;
  email: string;
  txHash: string | null;
  withdrawn: boolean;
}

const publicOrderColumns = {
  orderId: orders.id,
  approvedAt: sql<Date>`${orders.decidedAt}`.mapWith(orders.decidedAt),
  code: orders.cryptoCode,
  network: orders.network,
  chainId: orders.chainId,
  amount: orders.payAmount,
  usdAmount: orders.usdAmount,
  tokens: orders.tokens,
  bonusTokens: orders.bonusTokens,
  excessTokens: sql<string>`coalesce(${excessDecisions.tokens}, 0)::text`,
  excessBonusTokens: sql<string>`coalesce(${excessDecisions.bonusTokens}, 0)::text`,
  email: users.email,
  txHash: orders.txHash,
  withdrawn: sql<boolean>`${orders.status} = 'withdrawn'`,
};

/** Approved orders, and those approved and since withdrawn (their credits stay in the ledger, reversed). */
const credited = inArray(orders.status, ['approved', 'withdrawn']);

function approvedOrders(db: Queryable) {
  return db
    .select(publicOrderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(excessDecisions, eq(excessDecisions.orderId, orders.id))
    .where(credited)
    .orderBy(desc(orders.decidedAt), desc(orders.id));
}

/** Approved orders (withdrawn ones marked), newest approval first. */
export async function findApprovedOrders(db: Queryable, page: { limit: number; offset: number } | null): Promise<PublicOrderRow[]> {
  return page ? approvedOrders(db).limit(page.limit).offset(page.offset) : approvedOrders(db);
}

export async function countApprovedOrders(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(credited);
  return row?.n ?? 0;
}

/** Completed withdrawals (decision 040): how many, and the tokens and bonus they took back. */
export async function sumRefunds(db: Queryable): Promise<{ orders: number; tokens: string; bonusTokens: string }> {
  const [row] = await db
    .select({ orders: count(), tokens: sql<string>`coalesce(sum(${withdrawalRequests.tokens}), 0)::text`, bonusTokens: sql<string>`coalesce(sum(${withdrawalRequests.bonusTokens}), 0)::text` })
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.state, 'completed'));
  return { orders: row?.orders ?? 0, tokens: row?.tokens ?? '0', bonusTokens: row?.bonusTokens ?? '0' };
}

/** Every entry as the chain hashed it: the amount with its six decimals, the time in UTC to the microsecond. */
export async function findChainEntries(db: Queryable) {
  return db
    .select({
      seq: ledgerEntries.seq,
      id: ledgerEntries.id,
      userId: ledgerEntries.userId,
      orderId: ledgerEntries.orderId,
      kind: ledgerEntries.kind,
      amount: sql<string>`${ledgerEntries.amount}::text`,
      createdAt: sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      prevHash: ledgerEntries.prevHash,
      hash: ledgerEntries.hash,
    })
    .from(ledgerEntries)
    .orderBy(asc(ledgerEntries.seq));
}

/** The chain's last entry (seq 0 and no hash before the first), and the sum of every entry. */
export async function findLedgerHead(db: Queryable): Promise<{ seq: number; hash: string | null; total: string }> {
  const [[head], [sum]] = await Promise.all([
    db.select({ seq: ledgerChain.seq, hash: ledgerChain.hash }).from(ledgerChain).where(eq(ledgerChain.id, 1)),
    db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries),
  ]);
  return { seq: head?.seq ?? 0, hash: head?.hash ?? null, total: sum?.total ?? '0' };
}

/** The ledger's sums of referral rewards and of campaign rewards (issue 31), counted apart from tokens sold and their bonus. */
export async function sumRewards(db: Queryable): Promise<{ referral: string; campaign: string }> {
  const [row] = await db
    .select({
      referral: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${inArray(ledgerEntries.kind, [...REFERRAL_KINDS])}), 0)::text`,
      campaign: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${inArray(ledgerEntries.kind, [...CAMPAIGN_KINDS])}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.kind, [...REFERRAL_KINDS, ...CAMPAIGN_KINDS]));
  return { referral: row?.referral ?? '0', campaign: row?.campaign ?? '0' };
}

export async function findDailyHeads(db: Queryable) {
  return db.select().from(ledgerHeads).orderBy(desc(ledgerHeads.day));
}

/** Records the chain's head as today's (UTC), unless today's is already recorded or the chain is empty. */
export async function recordDailyHead(db: Queryable, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const result = (await db.execute(sql`
    insert into ${ledgerHeads} (day, seq, hash, recorded_at)
    select ${day}, seq, hash, ${now} from ${ledgerChain} where id = 1 and seq >= 1
    on conflict (day) do nothing
    returning day`)) as { rows?: unknown[] } | unknown[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows.length > 0;
}

/**
 * The cryptos on offer (enabled, with the operator's wallet address and a rate, as /api/cryptos
 * lists them), and whether their payments are detected on the chain.
 */
export async function findPaymentSetup(db: Queryable) {
  const [rows, [key], chains, handedOut] = await Promise.all([
    db
      .select({ code: cryptos.code, name: cryptos.name, network: cryptos.network, chainId: cryptos.chainId, address: cryptos.address })
      .from(cryptos)
      .where(and(eq(cryptos.enabled, true), ne(cryptos.address, ''), isNotNull(cryptos.rate)))
      .orderBy(asc(cryptos.code)),
    db.select({ id: accountKeys.id }).from(accountKeys).where(and(eq(accountKeys.family, 'evm'), eq(accountKeys.active, true))),
    db.select({ chainId: evmChains.chainId }).from(evmChains),
    db
      .select({ family: accountKeys.family, n: count() })
      .from(depositAddresses)
      .innerJoin(accountKeys, eq(accountKeys.id, depositAddresses.keyId))
      .groupBy(accountKeys.family),
  ]);
  return { cryptos: rows, evmKey: key !== undefined, evmChains: new Set(chains.map((c) => c.chainId)), handedOut: new Map(handedOut.map((h) => [h.family, h.n])) };
}

// ── The overview's other series ─────────────────────────────────────────────────────────────────

export async function countOrdersByDayAndStatus(db: Queryable, since?: Date) {
  const day = utcDay(orders.createdAt);
  return db
    .select({ day, status: orders.status, orders: count() })
    .from(orders)
    .where(since ? gte(orders.createdAt, since) : undefined)
    .groupBy(day, orders.status)
    .orderBy(asc(day), asc(orders.status));
}

export async function countNewBuyersByDay(db: Queryable, since?: Date) {
  const day = utcDay(users.createdAt);
  return db
    .select({ day, buyers: count() })
    .from(users)
    .where(since ? gte(users.createdAt, since) : undefined)
    .groupBy(day)
    .orderBy(asc(day));
}

/** Buyers registered from `since`; of them, those with any order, and those with an approved one. */
export async function countFunnel(db: Queryable, since?: Date): Promise<{ registered: number; ordered: number; approved: number }> {
  const [row] = await db
    .select({
      registered: count(),
      // Qualified by hand: drizzle writes a one-table query's columns unqualified, and inside the
      // subquery an unqualified "id" would be the order's.
      ordered: sql<number>`count(*) filter (where exists (select 1 from ${orders} o where o.user_id = "users"."id"))`.mapWith(Number),
      approved: sql<number>`count(*) filter (where exists (select 1 from ${orders} o where o.user_id = "users"."id" and o.status = 'approved'))`.mapWith(Number),
    })
    .from(users)
    .where(since ? gte(users.createdAt, since) : undefined);
  return { registered: row?.registered ?? 0, ordered: row?.ordered ?? 0, approved: row?.approved ?? 0 };
}

/** Minutes from order to approval (median and 90th percentile) for orders approved from `since`. */
export async function approvalMinutes(db: Queryable, since?: Date): Promise<{ orders: number; median: number | null; p90: number | null }> {
  const minutes = sql`extract(epoch from (${orders.decidedAt} - ${orders.createdAt})) / 60`;
  const [row] = await db
    .select({
      orders: count(),
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${minutes})`.mapWith((v) => (v === null ? null : Number(v))),
      p90: sql<number | null>`percentile_cont(0.9) within group (order by ${minutes})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(orders)
    .where(and(eq(orders.status, 'approved'), since ? gte(orders.decidedAt, since) : undefined));
  return { orders: row?.orders ?? 0, median: row?.median ?? null, p90: row?.p90 ?? null };
}

/** The first day anything happened (a registration or an order), for the whole-sale range. */
export async function findFirstActivity(db: Queryable): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | null>`least((select min(created_at) from ${users}), (select min(created_at) from ${orders}))` }).from(sql`(select 1) as one`);
  return row?.at ? new Date(row.at) : null;
}
