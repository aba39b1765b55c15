// Campaign codes' rows (issue 31): created by operators, read by orders, counted by approvals.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { toPlain, type Decimal } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import { campaignCodes, campaignRewards, users } from '../../db/schema';

export type CampaignCodeRow = typeof campaignCodes.$inferSelect;

export async function findCampaignCode(db: Queryable, code: string): Promise<CampaignCodeRow | undefined> {
  const [row] = await db.select().from(campaignCodes).where(eq(campaignCodes.code, code.toUpperCase()));
  return row;
}

/** The code row under its lock: the approvals that count its uses take turns here. */
export async function lockCampaignCode(tx: Queryable, id: number): Promise<CampaignCodeRow | undefined> {
  const [row] = await tx.select().from(campaignCodes).where(eq(campaignCodes.id, id)).for('update');
  return row;
}

export async function insertCampaignCode(tx: Queryable, values: typeof campaignCodes.$inferInsert): Promise<CampaignCodeRow | undefined> {
  const [row] = await tx.insert(campaignCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function countCampaignUse(tx: Queryable, id: number, buyerTokens: Decimal, referrerTokens: Decimal): Promise<void> {
  await tx
    .update(campaignCodes)
    .set({ uses: sql`${campaignCodes.uses} + 1`, buyerTokens: sql`${campaignCodes.buyerTokens} + ${toPlain(buyerTokens)}`, referrerTokens: sql`${campaignCodes.referrerTokens} + ${toPlain(referrerTokens)}` })
    .where(eq(campaignCodes.id, id));
}

/** What an approved order was paid under its code: one row per order (the unique order refuses a second). */
export async function insertCampaignReward(tx: Queryable, row: typeof campaignRewards.$inferInsert): Promise<void> {
  await tx.insert(campaignRewards).values(row);
}

/** The campaign outcome of each of these orders that has one, with its code. */
export async function findCampaignRewardsOfOrders(db: Queryable, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: campaignRewards.orderId, code: campaignCodes.code, outcome: campaignRewards.outcome, buyerWanted: campaignRewards.buyerWanted, buyerTokens: campaignRewards.buyerTokens, note: campaignRewards.note })
    .from(campaignRewards)
    .innerJoin(campaignCodes, eq(campaignCodes.id, campaignRewards.codeId))
    .where(inArray(campaignRewards.orderId, orderIds));
}

export async function findCampaignCodes(db: Queryable) {
  return db
    .select({ code: campaignCodes, referrerEmail: users.email })
    .from(campaignCodes)
    .leftJoin(users, eq(users.id, campaignCodes.referrerId))
    .orderBy(desc(campaignCodes.createdAt), desc(campaignCodes.id));
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id;
}
