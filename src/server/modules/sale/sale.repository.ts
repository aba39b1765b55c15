import { countDistinct, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, saleSettings } from '../../db/schema';

export type SaleSettingsRow = typeof saleSettings.$inferSelect;
/** What an operator edits on the sale page; the totals and the price are kept elsewhere. */
export type EditableSaleSettings = Omit<SaleSettingsRow, 'id' | 'priceUsd' | 'tokensSold' | 'tokensCommitted' | 'rewardTokens' | 'updatedAt' | 'operatorsNeedTotp' | 'scheduledAt'> & {
  /** Set the first time an operator saves the schedule; never cleared. */
  scheduledAt?: Date;
};

export async function findSaleSettings(db: Queryable): Promise<SaleSettingsRow | undefined> {
  const [row] = await db.select().from(saleSettings).where(eq(saleSettings.id, 1)).limit(1);
  return row;
}

/**
 * Locks the sale's row for the rest of the transaction and returns it. Every change that must see
 * all the orders and settings before it takes this one lock: a checked order (its hard-cap check),
 * a settings or token-price change.
 */
export async function lockSaleSettings(db: Queryable): Promise<SaleSettingsRow | undefined> {
  const [row] = await db.select().from(saleSettings).where(eq(saleSettings.id, 1)).for('update');
  return row;
}

export async function updateSaleSettingsRow(db: Queryable, values: EditableSaleSettings, now: Date): Promise<SaleSettingsRow | undefined> {
  const [row] = await db
    .update(saleSettings)
    .set({ ...values, updatedAt: now })
    .where(eq(saleSettings.id, 1))
    .returning();
  return row;
}

export async function setTokenPriceRow(db: Queryable, priceUsd: string, now: Date): Promise<void> {
  await db.update(saleSettings).set({ priceUsd, updatedAt: now }).where(eq(saleSettings.id, 1));
}

/** The hard cap (the stages' allocations) and what a closed stage's unsold tokens do, as the stages are saved. */
export async function setStageTotalsRow(db: Queryable, hardCap: string, unsoldStageTokens: SaleSettingsRow['unsoldStageTokens'], now: Date): Promise<void> {
  await db.update(saleSettings).set({ hardCap, unsoldStageTokens, updatedAt: now }).where(eq(saleSettings.id, 1));
}

/** The token price seeded on first start; the setup checklist asks the operator to set their own. */
export const DEFAULT_PRICE_USD = '0.01';

/**
 * Defaults on first start. The sale is unscheduled (no `scheduledAt`: upcoming, no countdown, no
 * orders) until an operator saves its schedule; the instants stored meanwhile only fill the form
 * (it opens now and runs 30 days). `scheduled: true` seeds a sale already scheduled, live from
 * `now` (the test harness and benchmarks).
 */
export async function ensureSaleSettings(db: Queryable, now: Date, options: { scheduled?: boolean } = {}): Promise<void> {
  await db
    .insert(saleSettings)
    .values({
      id: 1,
      tokenName: 'Presale Token',
      tokenSymbol: 'PRE',
      priceUsd: DEFAULT_PRICE_USD,
      totalSupply: '1000000000',
      softCap: '10000000',
      hardCap: '100000000',
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
      scheduledAt: options.scheduled ? now : null,
      orderExpiryMinutes: 60,
      listingAt: null,
      deliveryNote: 'Tokens are delivered to buyers after the sale ends. The date will be announced here.',
    })
    .onConflictDoNothing();
  // A sale sells in stages: a fresh install's one stage holds the whole hard cap at the seeded price.
  // Instances starting together on an empty PostgreSQL database all find no stage: they take turns
  // (a lock for this transaction), so one inserts it and the others then see it. Racing instead, the
  // others' inserts met its position (a deferrable constraint, which ON CONFLICT cannot name), or
  // deadlocked with it.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('presale:first-stage'))`);
    await tx.execute(
      sql`insert into sale_stages (position, name, price_usd, allocation) select 1, 'Stage 1', price_usd, hard_cap from ${saleSettings} where id = 1 and not exists (select 1 from sale_stages)`,
    );
  });
}

export interface SaleTotals {
  tokensSold: string;
  raisedUsd: string;
  buyers: number;
}

/** The sale's figures, summed from approved orders. */
export async function sumApprovedOrders(db: Queryable): Promise<SaleTotals> {
  const [row] = await db
    .select({
      tokensSold: sql<string>`coalesce(sum(${orders.tokens}), 0)::text`,
      raisedUsd: sql<string>`coalesce(sum(${orders.usdAmount}), 0)::text`,
      buyers: countDistinct(orders.userId),
    })
    .from(orders)
    .where(eq(orders.status, 'approved'));
  return { tokensSold: row?.tokensSold ?? '0', raisedUsd: row?.raisedUsd ?? '0', buyers: row?.buyers ?? 0 };
}
