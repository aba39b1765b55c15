// Token delivery's tables: the token's settings, distributions and their frozen rows.
import { and, asc, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { deliveries, distributionClaims, distributionRows, distributions, ledgerChain, ledgerEntries, operators, tokenDelivery, users } from '../../db/schema';

export type TokenDeliveryRow = Pick<typeof tokenDelivery.$inferSelect, 'chainId' | 'tokenContract' | 'decimals'>;
export type DistributionRow = typeof distributions.$inferSelect;

export async function findTokenDelivery(db: Queryable): Promise<TokenDeliveryRow> {
  const [row] = await db.select({ chainId: tokenDelivery.chainId, tokenContract: tokenDelivery.tokenContract, decimals: tokenDelivery.decimals }).from(tokenDelivery).where(eq(tokenDelivery.id, 1));
  return row ?? { chainId: null, tokenContract: null, decimals: 18 };
}

export async function upsertTokenDelivery(db: Queryable, values: TokenDeliveryRow, now: Date): Promise<void> {
  await db
    .insert(tokenDelivery)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: tokenDelivery.id, set: { ...values, updatedAt: now } });
}

/**
 * The ledger's last entry, with the chain's row locked until the transaction ends: approvals (which
 * append to the ledger under this lock) wait, so the frozen balances are exactly the entries up to it.
 */
export async function lockLedgerHead(tx: Queryable): Promise<number> {
  const [row] = await tx.select({ seq: ledgerChain.seq }).from(ledgerChain).where(eq(ledgerChain.id, 1)).for('update');
  return row?.seq ?? 0;
}

/** Where the last distribution stopped (0 before the first). */
export async function findLastUpToSeq(db: Queryable): Promise<number> {
  const [row] = await db.select({ seq: max(distributions.upToSeq) }).from(distributions);
  return row?.seq ?? 0;
}

/** Per buyer, the tokens their entries after `fromSeq` up to `upToSeq` credited, with their wallet now. */
export async function sumCreditsBetween(db: Queryable, fromSeq: number, upToSeq: number): Promise<{ userId: number; wallet: string | null; tokens: string }[]> {
  return db
    .select({ userId: users.id, wallet: users.receivingWallet, tokens: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(sql`${ledgerEntries.seq} > ${fromSeq} and ${ledgerEntries.seq} <= ${upToSeq}`)
    .groupBy(users.id, users.receivingWallet)
    .having(sql`sum(${ledgerEntries.amount}) > 0`)
    .orderBy(asc(users.id));
}

export async function sumCreditsAfter(db: Queryable, fromSeq: number): Promise<string> {
  const [row] = await db.select({ tokens: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries).where(sql`${ledgerEntries.seq} > ${fromSeq}`);
  return row?.tokens ?? '0';
}

/**
 * A missing row (no wallet at its distribution) is carried once a later distribution has a row of the
 * same buyer with a wallet: that row took its tokens. This is the later row's distribution, or null.
 */
const carriedTo = sql<number | null>`(select min(later.distribution_id) from ${distributionRows} later
  where later.user_id = ${distributionRows.userId} and later.wallet is not null and later.distribution_id > ${distributionRows.distributionId})`;

/** Per buyer who has a wallet now, the tokens of their missing rows not yet carried to a later distribution. */
export async function sumCarryable(db: Queryable): Promise<{ userId: number; wallet: string; tokens: string }[]> {
  const rows = await db
    .select({ userId: users.id, wallet: users.receivingWallet, tokens: sql<string>`sum(${distributionRows.tokens})::text` })
    .from(distributionRows)
    .innerJoin(users, eq(users.id, distributionRows.userId))
    .where(and(sql`${distributionRows.wallet} is null`, isNotNull(users.receivingWallet), sql`${carriedTo} is null`))
    .groupBy(users.id, users.receivingWallet)
    .orderBy(asc(users.id));
  return rows.flatMap((r) => (r.wallet ? [{ ...r, wallet: r.wallet }] : []));
}

export async function insertDistribution(
  tx: Queryable,
  values: Omit<typeof distributions.$inferInsert, 'id' | 'openedAt'> & { openedAt: Date },
  rows: { userId: number; wallet: string | null; tokens: string; carried: string; units: string }[],
): Promise<number> {
  const [made] = await tx.insert(distributions).values(values).returning({ id: distributions.id });
  if (!made) throw new Error('the distribution was not stored');
  if (rows.length > 0) await tx.insert(distributionRows).values(rows.map((r) => ({ ...r, distributionId: made.id })));
  return made.id;
}

export interface DistributionSummary extends DistributionRow {
  openedByLogin: string | null;
  buyers: number;
  missingWallets: number;
  totalTokens: string;
  carriedTokens: string;
  deliverableTokens: string;
  delivered: number;
  claim: { contract: string; claimUrl: string | null; publishedAt: Date; publishedBy: string | null } | null;
}

const opener = alias(operators, 'opener');
const publisher = alias(operators, 'publisher');

const summaryColumns = {
  distribution: distributions,
  openedByLogin: opener.login,
  buyers: count(distributionRows.userId),
  missingWallets: sql<number>`count(*) filter (where ${distributionRows.wallet} is null)`.mapWith(Number),
  totalTokens: sql<string>`coalesce(sum(${distributionRows.tokens}), 0)::text`,
  carriedTokens: sql<string>`coalesce(sum(${distributionRows.carried}), 0)::text`,
  deliverableTokens: sql<string>`coalesce(sum(${distributionRows.tokens}) filter (where ${distributionRows.wallet} is not null), 0)::text`,
  delivered: count(deliveries.id),
  claimContract: distributionClaims.contract,
  claimUrl: distributionClaims.claimUrl,
  claimPublishedAt: distributionClaims.publishedAt,
  claimPublishedBy: publisher.login,
};

function summaries(db: Queryable) {
  return db
    .select(summaryColumns)
    .from(distributions)
    .leftJoin(distributionRows, eq(distributionRows.distributionId, distributions.id))
    .leftJoin(deliveries, and(eq(deliveries.distributionId, distributionRows.distributionId), eq(deliveries.userId, distributionRows.userId)))
    .leftJoin(opener, eq(opener.id, distributions.openedBy))
    .leftJoin(distributionClaims, eq(distributionClaims.distributionId, distributions.id))
    .leftJoin(publisher, eq(publisher.id, distributionClaims.publishedBy))
    .groupBy(distributions.id, opener.login, distributionClaims.distributionId, publisher.login);
}

type SummaryRecord = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

const toSummary = ({ distribution, claimContract, claimUrl, claimPublishedAt, claimPublishedBy, ...r }: SummaryRecord): DistributionSummary => ({
  ...distribution,
  ...r,
  claim: claimContract && claimPublishedAt ? { contract: claimContract, claimUrl, publishedAt: claimPublishedAt, publishedBy: claimPublishedBy } : null,
});

export async function findDistributions(db: Queryable): Promise<DistributionSummary[]> {
  return (await summaries(db).orderBy(desc(distributions.id))).map(toSummary);
}

export async function findDistribution(db: Queryable, id: number): Promise<DistributionSummary | undefined> {
  const [row] = await summaries(db).where(eq(distributions.id, id));
  return row ? toSummary(row) : undefined;
}

const recorder = alias(operators, 'recorder');

export interface FrozenRow {
  distributionId: number;
  userId: number;
  email: string;
  wallet: string | null;
  tokens: string;
  carried: string;
  units: string;
  carriedTo: number | null;
  txHash: string | null;
  recordedAt: Date | null;
  recordedBy: string | null;
}

function frozenRows(db: Queryable) {
  return db
    .select({
      distributionId: distributionRows.distributionId,
      userId: distributionRows.userId,
      email: users.email,
      wallet: distributionRows.wallet,
      tokens: distributionRows.tokens,
      carried: distributionRows.carried,
      units: sql<string>`${distributionRows.units}::text`,
      carriedTo: carriedTo.mapWith((v: unknown) => (v === null ? null : Number(v))),
      txHash: deliveries.txHash,
      recordedAt: deliveries.recordedAt,
      recordedBy: recorder.login,
    })
    .from(distributionRows)
    .innerJoin(users, eq(users.id, distributionRows.userId))
    .leftJoin(deliveries, and(eq(deliveries.distributionId, distributionRows.distributionId), eq(deliveries.userId, distributionRows.userId)))
    .leftJoin(recorder, eq(recorder.id, deliveries.recordedBy));
}

/** A distribution's rows, with each one's delivery and, for a missing one, where it was carried. */
export async function findDistributionRows(db: Queryable, id: number): Promise<FrozenRow[]> {
  return frozenRows(db).where(eq(distributionRows.distributionId, id)).orderBy(asc(distributionRows.userId));
}

/** One buyer's rows in every distribution, newest first. */
export async function findBuyerRows(db: Queryable, userId: number): Promise<FrozenRow[]> {
  return frozenRows(db).where(eq(distributionRows.userId, userId)).orderBy(desc(distributionRows.distributionId));
}

/** The (wallet, units) leaves of a distribution's Merkle tree: its rows with a wallet. */
export async function findLeaves(db: Queryable, id: number): Promise<{ wallet: string; units: string }[]> {
  const rows = await db
    .select({ wallet: distributionRows.wallet, units: sql<string>`${distributionRows.units}::text` })
    .from(distributionRows)
    .where(and(eq(distributionRows.distributionId, id), isNotNull(distributionRows.wallet)))
    .orderBy(asc(distributionRows.userId));
  return rows.flatMap((r) => (r.wallet ? [{ wallet: r.wallet, units: r.units }] : []));
}
