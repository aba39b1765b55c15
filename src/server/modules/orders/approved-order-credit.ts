// What every approval credits, in its own transaction: the order's tokens and bonus, and the
// referral rewards and campaign bonus it earns (decision 031). Each way an order is approved (an operator, the payment
// watchers, a late or short payment, an order made from an unallocated deposit) calls this once,
// right after the guarded status change that makes the order approved.
import type { Queryable } from '../../db/client';
import { creditCampaignRewards } from '../referrals/campaign-codes.service';
import { creditReferralRewards } from '../referrals/referral-rewards.service';
import { creditOrder } from './order-changes.repository';
import type { OrderRow } from './order-views.repository';

export async function creditApprovedOrder(tx: Queryable, order: OrderRow, now: Date): Promise<void> {
  await creditOrder(tx, order);
  await creditReferralRewards(tx, order, now);
  await creditCampaignRewards(tx, order, now);
}
