// The referral program as buyers and operators see it (issue 31, decision 031).
import type { AdminReferrals, AdminReward, MyReferrals, ReferralSettings, ReferralSettingsBody } from '@/contracts/referrals';
import { REFERRAL_CODE_PATTERN } from '@/contracts/referrals';
import { plain } from '@/domain/decimal';
import { maskEmail } from '@/domain/mask';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { asIdentifier, asText, writeCsv } from '../../csv';
import { recordAudit } from '../audit/audit.service';
import {
  findReferralAccount,
  findReferralSettings,
  findReferredBuyers,
  findRewardRows,
  findTopReferrers,
  findUserIdByReferralCode,
  sumReferralCredits,
  updateReferralSettings,
  type ReferralSettingsRow,
} from './referrals.repository';


function settingsView(s: ReferralSettingsRow): ReferralSettings {
  return { enabled: s.enabled, referrerPercent: plain(s.referrerPercent), refereePercent: plain(s.refereePercent), minUsd: plain(s.minUsd) };
}

export async function getReferralSettings(db: Queryable): Promise<ReferralSettings> {
  return settingsView(await findReferralSettings(db));
}

export async function changeReferralSettings(db: Db, actor: Actor, body: ReferralSettingsBody): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    const before = settingsView(await findReferralSettings(tx));
    const after = settingsView(await updateReferralSettings(tx, { enabled: body.enabled, referrerPercent: body.referrerPercent, refereePercent: body.refereePercent, minUsd: body.minUsd }));
    await recordAudit(tx, actor, 'referral.settings', 'referrals', before, after);
    return after;
  });
}

/** The account a referral code names, if the code is well formed and someone holds it. */
export async function findReferrer(db: Queryable, code: string | undefined): Promise<number | undefined> {
  if (code === undefined || !REFERRAL_CODE_PATTERN.test(code)) return undefined;
  return findUserIdByReferralCode(db, code);
}

export async function getMyReferrals(db: Queryable, userId: number): Promise<MyReferrals> {
  const [settings, account, credits, referred] = await Promise.all([findReferralSettings(db), findReferralAccount(db, userId), sumReferralCredits(db, userId), findReferredBuyers(db, userId)]);
  return {
    settings: settingsView(settings),
    code: account?.code ?? '',
    referredBy: account?.referrerEmail ? maskEmail(account.referrerEmail) : null,
    ownReward: plain(credits.own),
    earned: plain(credits.earned),
    referred: referred.map((b) => ({
      buyer: maskEmail(b.email),
      joinedAt: b.createdAt.toISOString(),
      orders: b.orders.map((o) => ({
        approvedAt: (o.decidedAt ?? b.createdAt).toISOString(),
        tokens: plain(o.tokens),
        usdAmount: plain(o.usdAmount),
        reward: plain(o.reward ?? '0'),
        outcome: o.outcome,
        note: o.note ?? '',
      })),
    })),
  };
}

function rewardView(r: Awaited<ReturnType<typeof findRewardRows>>[number]): AdminReward {
  return {
    orderId: r.orderId,
    approvedAt: r.approvedAt.toISOString(),
    buyerId: r.buyerId,
    buyer: r.buyerEmail,
    referrerId: r.referrerId,
    referrer: r.referrerEmail,
    orderTokens: plain(r.orderTokens),
    referrerWanted: plain(r.referrerWanted),
    referrerTokens: plain(r.referrerTokens),
    buyerWanted: plain(r.buyerWanted),
    buyerTokens: plain(r.buyerTokens),
    outcome: r.outcome,
    note: r.note,
  };
}

export async function getReferralReport(db: Queryable): Promise<AdminReferrals> {
  const [top, rewards, flagged] = await Promise.all([findTopReferrers(db), findRewardRows(db, { flagged: false }), findRewardRows(db, { flagged: true })]);
  return {
    topReferrers: top.map((t) => ({ ...t, tokens: plain(t.tokens) })),
    rewards: rewards.map(rewardView),
    flagged: flagged.map(rewardView),
  };
}

/** The rewards a buyer earned or brought (the user's page in the back-office). */
export async function findUserRewards(db: Queryable, userId: number): Promise<AdminReward[]> {
  return (await findRewardRows(db, { userId })).map(rewardView);
}

export async function referralsCsv(db: Queryable): Promise<string> {
  const rows = (await findRewardRows(db)).map(rewardView);
  return writeCsv([
    ['order', 'approved_at', 'buyer', 'referrer', 'order_tokens', 'referrer_wanted', 'referrer_tokens', 'buyer_wanted', 'buyer_tokens', 'outcome', 'note'],
    ...rows.map((r) => [asIdentifier(r.orderId), r.approvedAt, asText(r.buyer), asText(r.referrer), r.orderTokens, r.referrerWanted, r.referrerTokens, r.buyerWanted, r.buyerTokens, r.outcome, asText(r.note)]),
  ]);
}
