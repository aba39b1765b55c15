// The referral program's rows: its settings, who referred whom, and the rewards approved orders earned.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERRAL_KINDS } from '@/domain/ledger-kinds';
import type { Queryable } from '../../db/client';
import { ledgerEntries, orders, referralRewards, referralSettings, users } from '../../db/schema';

export type ReferralSettingsRow = typeof referralSettings.$inferSelect;

/** The defaults of migration 0028, for a database whose row is not there (emptied by hand or by tests). */
const DEFAULTS: ReferralSettingsRow = { id: 1, enabled: true, referrerPercent: '5', refereePercent: '0', minUsd: '0', updatedAt: new Date(0) };

export async function findReferralSettings(db: Queryable): Promise<ReferralSettingsRow> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return row ?? DEFAULTS;
}

export async function updateReferralSettings(db: Queryable, values: Pick<ReferralSettingsRow, 'enabled' | 'referrerPercent' | 'refereePercent' | 'minUsd'>): Promise<ReferralSettingsRow> {
  const changed = { ...values, updatedAt: new Date() };
  const [row] = await db.insert(referralSettings).values({ id: 1, ...changed }).onConflictDoUpdate({ target: referralSettings.id, set: changed }).returning();
  if (!row) throw new Error('the referral settings were not saved');
  return row;
}

export async function findUserIdByReferralCode(db: Queryable, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return row?.id;
}

export async function findReferralAccount(db: Queryable, userId: number) {
  const referrer = alias(users, 'referrer');
  const [row] = await db
    .select({ code: users.referralCode, referrerEmail: referrer.email })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, userId));
  return row;
}

/** The buyer's referral credits: what they earned as a referrer and as a referred buyer, less what withdrawals reversed. */
export async function sumReferralCredits(db: Queryable, userId: number): Promise<{ earned: string; own: string }> {
  const [row] = await db
    .select({
      earned: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('referral', 'referral_reversal')), 0)::text`,
      own: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('referee', 'referee_reversal')), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, [...REFERRAL_KINDS])));
  return { earned: row?.earned ?? '0', own: row?.own ?? '0' };
}

/** The buyers this one referred, newest first, each with their approved orders and what each earned. */
export async function findReferredBuyers(db: Queryable, referrerId: number) {
  const buyers = await db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.referredBy, referrerId)).orderBy(desc(users.createdAt), desc(users.id));
  if (buyers.length === 0) return [];
  const approved = await db
    .select({
      userId: orders.userId,
      decidedAt: orders.decidedAt,
      tokens: orders.tokens,
      usdAmount: orders.usdAmount,
      reward: referralRewards.referrerTokens,
      outcome: referralRewards.outcome,
      note: referralRewards.note,
    })
    .from(orders)
    .leftJoin(referralRewards, and(eq(referralRewards.orderId, orders.id), eq(referralRewards.referrerId, referrerId)))
    .where(and(inArray(orders.userId, buyers.map((b) => b.id)), eq(orders.status, 'approved')))
    .orderBy(desc(orders.decidedAt));
  return buyers.map((b) => ({ ...b, orders: approved.filter((o) => o.userId === b.id) }));
}

/** Every reward row, newest first, with the order, the buyer and the referrer. */
export async function findRewardRows(db: Queryable, filter: { flagged?: boolean; userId?: number } = {}) {
  const buyer = alias(users, 'buyer');
  const referrer = alias(users, 'referrer');
  const conditions = [];
  if (filter.flagged !== undefined) conditions.push(filter.flagged ? eq(referralRewards.outcome, 'flagged') : sql`${referralRewards.outcome} <> 'flagged'`);
  if (filter.userId !== undefined) conditions.push(sql`(${referralRewards.buyerId} = ${filter.userId} or ${referralRewards.referrerId} = ${filter.userId})`);
  return db
    .select({
      orderId: orders.publicId,
      approvedAt: referralRewards.createdAt,
      buyerId: referralRewards.buyerId,
      buyerEmail: buyer.email,
      referrerId: referralRewards.referrerId,
      referrerEmail: referrer.email,
      orderTokens: orders.tokens,
      referrerWanted: referralRewards.referrerWanted,
      referrerTokens: referralRewards.referrerTokens,
      buyerWanted: referralRewards.buyerWanted,
      buyerTokens: referralRewards.buyerTokens,
      outcome: referralRewards.outcome,
      note: referralRewards.note,
    })
    .from(referralRewards)
    .innerJoin(orders, eq(orders.id, referralRewards.orderId))
    .innerJoin(buyer, eq(buyer.id, referralRewards.buyerId))
    .leftJoin(referrer, eq(referrer.id, referralRewards.referrerId))
    .where(and(...conditions))
    .orderBy(desc(referralRewards.createdAt), desc(referralRewards.id))
    .limit(1000);
}

/** Referrers by the tokens their referrals earned them, with how many buyers they brought. */
export async function findTopReferrers(db: Queryable, limit = 20) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      referred: sql<number>`(select count(*)::int from ${users} as r where r.referred_by = ${users.id})`,
      rewardedOrders: sql<number>`count(${referralRewards.id}) filter (where ${referralRewards.referrerTokens} > 0)::int`,
      tokens: sql<string>`coalesce(sum(${referralRewards.referrerTokens}), 0)::text`,
    })
    .from(users)
    .innerJoin(referralRewards, eq(referralRewards.referrerId, users.id))
    .groupBy(users.id)
    .orderBy(sql`coalesce(sum(${referralRewards.referrerTokens}), 0) desc`, users.id)
    .limit(limit);
}
