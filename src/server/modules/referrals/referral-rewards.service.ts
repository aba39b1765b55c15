// What an approved order earns its buyer's referrer (and the buyer, when the operator says so),
// written by the approval's own transaction (decision 031): the orders module calls this right
// after it credits the order, so every way an order is approved pays it, and a repeated approval,
// which changes no order, never reaches it. The ledger's unique (order, kind) and the reward row's
// unique order make a second credit fail rather than pay twice.
import { dec, floorTo, toPlain, type Decimal } from '@/domain/decimal';
import { groupDigits } from '@/domain/quote';
import { maskEmail } from '@/domain/mask';
import type { Queryable } from '../../db/client';
import { accountOf, insertRewardEntries, insertRewardRow, roomLeft, takeFromStage, type Account, type LedgerEntryInsert } from './referral-rewards.repository';
import { findReferralSettings } from './referrals.repository';
import { lockSale, recordStageClosings } from '../sale/sale.service';

/** The approved order, as the approval just wrote it. */
export interface ApprovedOrder {
  id: number;
  userId: number;
  tokens: string;
  usdAmount: string;
}

/** Two accounts look like one person's when they registered from one address and deliver to one wallet. */
function sameOwner(a: Account, b: Account): boolean {
  return a.registrationIp !== '' && a.registrationIp === b.registrationIp && a.receivingWallet !== null && a.receivingWallet.toLowerCase() === b.receivingWallet?.toLowerCase();
}

/**
 * Why this referral earns nothing, or null: the buyer referred themselves, or an account in the chain
 * of referrers above the buyer (a ring of accounts) shares the buyer's registering address and wallet.
 */
async function flagReason(tx: Queryable, buyer: Account, referrer: Account): Promise<string | null> {
  if (referrer.id === buyer.id) return "The buyer's own order.";
  const seen = new Set<number>([buyer.id]);
  let account: Account | undefined = referrer;
  // A chain is short in practice; the bound keeps a corrupt cycle from looping.
  for (let depth = 0; account && depth < 20 && !seen.has(account.id); depth++) {
    if (sameOwner(account, buyer)) return `${maskEmail(buyer.email)} and ${maskEmail(account.email)} registered from the same address and deliver to the same wallet.`;
    seen.add(account.id);
    account = account.referredBy === null ? undefined : await accountOf(tx, account.referredBy);
  }
  return null;
}

/** Of `wanted`, what `room` holds; `room` shrinks by it. */
export function fit(wanted: Decimal, room: { left: Decimal }): Decimal {
  const given = wanted.lt(room.left) ? wanted : room.left;
  room.left = room.left.minus(given);
  return given;
}

/** Why a reward is smaller than asked for: what the current stage and the hard cap had left. */
export function reducedNote(wanted: Decimal, given: Decimal, stage: { position: number } | null, room: Decimal): string {
  return stage
    ? `Reduced from ${groupDigits(toPlain(wanted))} to ${groupDigits(toPlain(given))} tokens: stage ${stage.position} and the hard cap had only ${groupDigits(toPlain(room))} left.`
    : `Reduced from ${groupDigits(toPlain(wanted))} to 0 tokens: no stage is open.`;
}

/**
 * What rewards may come out of at `now`: the current stage's room within the hard cap, read under the
 * sale's lock after the closings that are due are recorded, so a stage past its end never pays one
 * (it passes on what it did not sell as its closing says, and the open stage pays).
 */
export async function rewardRoom(tx: Queryable, now: Date): ReturnType<typeof roomLeft> {
  await recordStageClosings(tx, await lockSale(tx), now);
  return roomLeft(tx);
}

/** Credits the referral rewards an approved order earns, inside its approval's transaction. */
export async function creditReferralRewards(tx: Queryable, order: ApprovedOrder, now: Date): Promise<void> {
  const settings = await findReferralSettings(tx);
  if (!settings.enabled) return;
  const buyer = await accountOf(tx, order.userId);
  if (buyer?.referredBy == null) return;
  if (dec(order.usdAmount).lt(settings.minUsd)) return;
  const referrer = await accountOf(tx, buyer.referredBy);
  if (!referrer) return;
  const base = { orderId: order.id, buyerId: buyer.id, referrerId: referrer.id };
  const referrerWanted = floorTo(dec(order.tokens).times(settings.referrerPercent).div(100));
  const buyerWanted = floorTo(dec(order.tokens).times(settings.refereePercent).div(100));
  const flagged = await flagReason(tx, buyer, referrer);
  if (flagged) {
    await insertRewardRow(tx, { ...base, referrerWanted: toPlain(referrerWanted), buyerWanted: toPlain(buyerWanted), outcome: 'flagged', note: flagged });
    return;
  }
  if (referrerWanted.eq(0) && buyerWanted.eq(0)) return;
  const { stage, room } = await rewardRoom(tx, now);
  const left = { left: room };
  const referrerTokens = fit(referrerWanted, left);
  const buyerTokens = fit(buyerWanted, left);
  const total = referrerTokens.plus(buyerTokens);
  const wanted = referrerWanted.plus(buyerWanted);
  if (stage && total.gt(0)) await takeFromStage(tx, stage.id, total);
  const entries: LedgerEntryInsert[] = [];
  if (referrerTokens.gt(0)) entries.push({ userId: referrer.id, orderId: order.id, kind: 'referral', amount: toPlain(referrerTokens) });
  if (buyerTokens.gt(0)) entries.push({ userId: buyer.id, orderId: order.id, kind: 'referee', amount: toPlain(buyerTokens) });
  await insertRewardEntries(tx, entries);
  const reduced = total.lt(wanted);
  const note = reduced ? reducedNote(wanted, total, stage, room) : '';
  await insertRewardRow(tx, {
    ...base,
    stageId: stage?.id ?? null,
    referrerWanted: toPlain(referrerWanted),
    referrerTokens: toPlain(referrerTokens),
    buyerWanted: toPlain(buyerWanted),
    buyerTokens: toPlain(buyerTokens),
    outcome: reduced ? 'reduced' : 'credited',
    note,
  });
}
