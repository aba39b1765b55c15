// Token delivery's tables: the token's settings, distributions and their frozen rows.
import { asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { distributionRows, distributions, ledgerChain, ledgerEntries, operators, tokenDelivery, users } from '../../db/schema';

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

export async function insertDistribution(
  tx: Queryable,
  values: Omit<typeof distributions.$inferInsert, 'id' | 'openedAt'> & { openedAt: Date },
  rows: { userId: number; wallet: string | null; tokens: string; units: string }[],
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
  deliverableTokens: string;
}

const summaryColumns = {
  distribution: distributions,
  openedByLogin: operators.login,
  buyers: count(distributionRows.userId),
  missingWallets: sql<number>`count(*) filter (where ${distributionRows.wallet} is null)`.mapWith(Number),
  totalTokens: sql<string>`coalesce(sum(${distributionRows.tokens}), 0)::text`,
  deliverableTokens: sql<string>`coalesce(sum(${distributionRows.tokens}) filter (where ${distributionRows.wallet} is not null), 0)::text`,
};

function summaries(db: Queryable) {
  return db
    .select(summaryColumns)
    .from(distributions)
    .leftJoin(distributionRows, eq(distributionRows.distributionId, distributions.id))
    .leftJoin(operators, eq(operators.id, distributions.openedBy))
    .groupBy(distributions.id, operators.login);
}

const toSummary = (r: { distribution: DistributionRow; openedByLogin: string | null; buyers: number; missingWallets: number; totalTokens: string; deliverableTokens: string }): DistributionSummary => ({
  ...r.distribution,
  openedByLogin: r.openedByLogin,
  buyers: r.buyers,
  missingWallets: r.missingWallets,
  totalTokens: r.totalTokens,
  deliverableTokens: r.deliverableTokens,
});

export async function findDistributions(db: Queryable): Promise<DistributionSummary[]> {
  return (await summaries(db).orderBy(desc(distributions.id))).map(toSummary);
}

export async function findDistribution(db: Queryable, id: number): Promise<DistributionSummary | undefined> {
  const [row] = await summaries(db).where(eq(distributions.id, id));
  return row ? toSummary(row) : undefined;
}

export async function findDistributionRows(db: Queryable, id: number): Promise<{ userId: number; email: string; wallet: string | null; tokens: string; units: string }[]> {
  return db
    .select({ userId: distributionRows.userId, email: users.email, wallet: distributionRows.wallet, tokens: distributionRows.tokens, units: sql<string>`${distributionRows.units}::text` })
    .from(distributionRows)
    .innerJoin(users, eq(users.id, distributionRows.userId))
    .where(eq(distributionRows.distributionId, id))
    .orderBy(asc(distributionRows.userId));
}
