// When an approved order is withdrawn (decision 040), the referral rewards and campaign rewards it
// paid are reversed alike, in the withdrawal's transaction: a negative entry of each reward's reversing
// kind for the account that was credited (never an edit of the credit), and the tokens go back to the
// stage they came out of. The campaign code's use stays counted: the code was used.
import { dec, toPlain, ZERO, type Decimal } from '@/domain/decimal';
import { REWARD_REVERSALS } from '@/domain/ledger-kinds';
import type { Queryable } from '../../db/client';
import { findRewardStages, giveBackToStage, insertRewardEntries, sumRewardEntriesOfOrder, type LedgerEntryInsert } from './referral-rewards.repository';

type RewardKind = keyof typeof REWARD_REVERSALS;
const REWARDS = Object.keys(REWARD_REVERSALS) as RewardKind[];
const REFERRAL: readonly RewardKind[] = ['referral', 'referee'];

/** Reverses what the order paid in rewards; returns the referral and campaign tokens reversed. */
export async function reverseOrderRewards(tx: Queryable, orderId: number): Promise<{ referral: string; campaign: string }> {
  // In the kinds' order, so the chain reads the reversals as it read the credits.
  const paid = (await sumRewardEntriesOfOrder(tx, orderId, REWARDS)).filter((r) => dec(r.amount).gt(0)).sort((a, b) => REWARDS.indexOf(a.kind as RewardKind) - REWARDS.indexOf(b.kind as RewardKind));
  if (paid.length === 0) return { referral: '0', campaign: '0' };
  let referral: Decimal = ZERO;
  let campaign: Decimal = ZERO;
  const entries: LedgerEntryInsert[] = paid.map((r) => {
    const kind = r.kind as RewardKind;
    if (REFERRAL.includes(kind)) referral = referral.plus(dec(r.amount));
    else campaign = campaign.plus(dec(r.amount));
    return { userId: r.userId, orderId, kind: REWARD_REVERSALS[kind], amount: toPlain(ZERO.minus(dec(r.amount))) };
  });
  const stages = await findRewardStages(tx, orderId);
  if (referral.gt(0)) await giveBackToStage(tx, stages.referral, referral);
  if (campaign.gt(0)) await giveBackToStage(tx, stages.campaign, campaign);
  await insertRewardEntries(tx, entries);
  return { referral: toPlain(referral), campaign: toPlain(campaign) };
}
