import { countDistinct, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, saleSettings } from '../../db/schema';

export type SaleSettingsRow = typeof saleSettings.$inferSelect;

export async function findSaleSettings(db: Queryable): Promise<SaleSettingsRow | undefined> {
  const [row] = await db.select().from(saleSettings).where(eq(saleSettings.id, 1)).limit(1);
  return row;
}

/** The token price seeded on first start; the setup checklist asks the operator to set their own. */
export const DEFAULT_PRICE_USD = '0.01';

/** Honest defaults on first start: the sale opens now and runs 30 days; the operator edits the rest. */
export async function ensureSaleSettings(db: Queryable, now: Date): Promise<void> {
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
      orderExpiryMinutes: 60,
      listingAt: null,
      deliveryNote: 'Tokens are delivered to buyers after the sale ends. The date will be announced here.',
    })
    .onConflictDoNothing();
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
