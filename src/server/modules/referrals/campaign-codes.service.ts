// Campaign codes (issue 31, decision 031): an operator creates a code; a buyer enters it on Buy Token
// and its bonus shows in the quote; the order records it; the approval credits the bonus (and the
// code's referrer reward) in its own transaction, once, out of the current stage and the hard cap,
// and counts the use under the code's lock, so the usage limit holds however many approve at once.
import type { AdminCampaignCode, CampaignCodeBody, CampaignOffer } from '@/contracts/campaigns';
import type { OrderCampaign } from '@/contracts/orders';
import { campaignBonus } from '@/domain/campaign';
import { dec, plain, toPlain } from '@/domain/decimal';
import { AUTOMATIC, type Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { invalid } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { countCampaignUse, findCampaignCode, findCampaignCodes, findUserIdByEmail, findCampaignRewardsOfOrders, insertCampaignCode, insertCampaignReward, lockCampaignCode, type CampaignCodeRow } from './campaign-codes.repository';
import { insertRewardEntries, takeFromStage, type LedgerEntryInsert } from './referral-rewards.repository';
import { fit, reducedNote, rewardRoom, type ApprovedOrder } from './referral-rewards.service';

export const CAMPAIGN_REFUSALS = {
  unknown: 'This campaign code does not exist.',
  ended: 'This campaign code has ended.',
  usedUp: 'This campaign code has reached its usage limit.',
} as const;


function codeView(row: CampaignCodeRow, referrer: string | null): AdminCampaignCode {
  return {
    id: row.id,
    code: row.code,
    buyerPercent: plain(row.buyerPercent),
    referrerPercent: plain(row.referrerPercent),
    referrer,
    usageLimit: row.usageLimit,
    endsAt: row.endsAt.toISOString(),
    uses: row.uses,
    buyerTokens: plain(row.buyerTokens),
    referrerTokens: plain(row.referrerTokens),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCampaignCodes(db: Queryable): Promise<{ codes: AdminCampaignCode[] }> {
  return { codes: (await findCampaignCodes(db)).map((r) => codeView(r.code, r.referrerEmail)) };
}

export async function createCampaignCode(db: Db, actor: Actor, body: CampaignCodeBody, now = new Date()): Promise<AdminCampaignCode> {
  const endsAt = new Date(body.endsAt);
  if (endsAt <= now) throw invalid('The end must be in the future.', { endsAt: 'The end must be in the future.' });
  return db.transaction(async (tx) => {
    const email = body.referrerEmail.trim();
    const referrerId = email === '' ? null : await findUserIdByEmail(tx, email);
    if (referrerId === undefined) throw invalid('No buyer account has this e-mail.', { referrerEmail: 'No buyer account has this e-mail.' });
    const row = await insertCampaignCode(tx, {
      code: body.code.trim().toUpperCase(),
      buyerPercent: body.buyerPercent,
      referrerPercent: referrerId === null ? '0' : body.referrerPercent,
      referrerId,
      usageLimit: body.usageLimit.trim() === '' ? null : Number(body.usageLimit),
      endsAt,
    });
    if (!row) throw invalid('This code already exists.', { code: 'This code already exists.' });
    const view = codeView(row, referrerId === null ? null : email);
    await recordAudit(tx, actor, 'campaign.create', `campaign:${row.code}`, null, view);
    return view;
  });
}

/**
 * The code a buyer entered, if it can still be used at `now`; else a refusal at the field. The limit
 * seen here is only a first check: uses are counted at approval (an order that is never paid uses
 * nothing), where the code's lock decides.
 */
export async function usableCampaignCode(db: Queryable, code: string, now: Date): Promise<CampaignCodeRow> {
  const row = await findCampaignCode(db, code);
  const refusal = !row ? CAMPAIGN_REFUSALS.unknown : row.endsAt <= now ? CAMPAIGN_REFUSALS.ended : row.usageLimit !== null && row.uses >= row.usageLimit ? CAMPAIGN_REFUSALS.usedUp : null;
  if (refusal || !row) throw invalid(refusal ?? CAMPAIGN_REFUSALS.unknown, { campaignCode: refusal ?? CAMPAIGN_REFUSALS.unknown });
  return row;
}

export async function getCampaignOffer(db: Queryable, code: string, now = new Date()): Promise<CampaignOffer> {
  const row = await usableCampaignCode(db, code, now);
  return { code: row.code, buyerPercent: plain(row.buyerPercent) };
}

/** What these approved orders' buyers were paid under their campaign codes, by order id. */
export async function campaignOutcomesOfOrders(db: Queryable, orderIds: number[]): Promise<Map<number, OrderCampaign>> {
  const rows = await findCampaignRewardsOfOrders(db, orderIds);
  return new Map(rows.map((r) => [r.orderId, { code: r.code, outcome: r.outcome, wanted: plain(r.buyerWanted), credited: plain(r.buyerTokens), note: r.note }]));
}

/**
 * Credits the campaign bonus and referrer reward an approved order earns, inside its approval's
 * transaction (called once per approval, like the referral rewards). The code was usable when the
 * order was made; its end does not take back a quote the buyer confirmed, but its usage limit is
 * counted here: an approval past the limit credits no campaign tokens. Either way the order keeps a
 * row saying what was asked for, what was paid and why not all, shown on the order to its buyer and
 * the operator; a bonus not paid is audited.
 */
export async function creditCampaignRewards(tx: Queryable, order: ApprovedOrder & { campaignCodeId: number | null }, now: Date): Promise<void> {
  if (order.campaignCodeId === null) return;
  const code = await lockCampaignCode(tx, order.campaignCodeId);
  if (!code) return;
  const buyerWanted = dec(campaignBonus(order.tokens, code.buyerPercent));
  const referrerWanted = dec(code.referrerId === null ? '0' : campaignBonus(order.tokens, code.referrerPercent));
  const wanted = { orderId: order.id, codeId: code.id, buyerWanted: toPlain(buyerWanted), referrerWanted: toPlain(referrerWanted) };
  if (code.usageLimit !== null && code.uses >= code.usageLimit) {
    const note = `Not paid: campaign code ${code.code} had reached its usage limit (${code.usageLimit} ${code.usageLimit === 1 ? 'use' : 'uses'}) when this order was approved.`;
    await insertCampaignReward(tx, { ...wanted, outcome: 'not_paid', note });
    await recordAudit(tx, AUTOMATIC, 'campaign.not_paid', `order:${order.id}`, null, { code: code.code, usageLimit: code.usageLimit, buyerWanted: wanted.buyerWanted, referrerWanted: wanted.referrerWanted });
    return;
  }
  const { stage, room } = await rewardRoom(tx, now);
  const left = { left: room };
  // The buyer confirmed a quote showing the bonus: it comes first.
  const buyerTokens = fit(buyerWanted, left);
  const referrerTokens = fit(referrerWanted, left);
  const total = buyerTokens.plus(referrerTokens);
  if (stage && total.gt(0)) await takeFromStage(tx, stage.id, total);
  const entries: LedgerEntryInsert[] = [];
  if (buyerTokens.gt(0)) entries.push({ userId: order.userId, orderId: order.id, kind: 'campaign', amount: toPlain(buyerTokens) });
  if (referrerTokens.gt(0) && code.referrerId !== null) entries.push({ userId: code.referrerId, orderId: order.id, kind: 'campaign_referrer', amount: toPlain(referrerTokens) });
  await insertRewardEntries(tx, entries);
  await countCampaignUse(tx, code.id, buyerTokens, referrerTokens);
  const buyerShort = buyerTokens.lt(buyerWanted);
  const referrerShort = referrerTokens.lt(referrerWanted);
  // Said from the buyer's side first: the bonus is what their order page shows.
  const note = buyerShort
    ? reducedNote(buyerWanted, buyerTokens, stage, room)
    : referrerShort
      ? `The bonus was paid in full; the referrer reward was ${reducedNote(referrerWanted, referrerTokens, stage, room.minus(buyerTokens)).replace(/^Reduced/, 'reduced')}`
      : '';
  await insertCampaignReward(tx, { ...wanted, stageId: stage && total.gt(0) ? stage.id : null, buyerTokens: toPlain(buyerTokens), referrerTokens: toPlain(referrerTokens), outcome: buyerShort || referrerShort ? 'reduced' : 'credited', note });
}
