// The withdrawal right (issue 34, decision 040). Where the operator turned it on, the buyer of an
// approved order may withdraw it until its approval + N days (an instant); the withdrawal is a request
// the operator completes by recording the refund they sent, or declines with a reason the buyer reads.
// Completing it is one transaction guarded by the request's state: the order becomes withdrawn (the
// orders trigger gives its tokens back to its stages and the sale), the ledger gets negative entries of
// its own kinds for the tokens and bonus, the rewards the order paid are reversed, and the audit entry
// and the buyer's e-mail are written with it. Tokens already frozen for delivery cannot be withdrawn.
import type { AdminWithdrawal, AdminWithdrawals, DeclineBody, OrderWithdrawal, RefundBody, WithdrawalSettings, WithdrawalSettingsBody } from '@/contracts/withdrawals';
import { dec, plain, toPlain, ZERO } from '@/domain/decimal';
import { txHashProblem } from '@/domain/payment';
import { WITHDRAWN_BONUS_KINDS, WITHDRAWN_TOKEN_KINDS } from '@/domain/ledger-kinds';
import { groupDigits, payDecimalsOf } from '@/domain/quote';
import { withdrawalDeadline } from '@/domain/withdrawal';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { findBuyerById } from '../auth/auth.service';
import { greetingName, mailContext, queueMail, withdrawalCompletedMail, withdrawalDeclinedMail, withdrawalRequestedMail, type WithdrawalMailOrder } from '../mail/mail.service';
import { reverseOrderRewards } from '../referrals/reward-reversal.service';
import { getSaleSettings } from '../sale/sale.service';
import { lockOrder } from './order-changes.repository';
import { orderPageLink } from './order-mail.service';
import type { BuyerOrderView, OrderRow } from './order-views.repository';
import { findBuyerOrder } from './order-views.repository';
import {
  decideWithdrawalRequest,
  findFirstSeqOfOrder,
  findLastFrozenSeq,
  findRequestsOfOrders,
  findWithdrawalList,
  findWithdrawalListRow,
  findWithdrawalSettings,
  insertLedgerEntries,
  insertWithdrawalRequest,
  lockWithdrawalRequest,
  markOrderWithdrawn,
  saveWithdrawalSettings,
  sumLedgerOfOrder,
  type WithdrawalListRow,
  type WithdrawalRequestRow,
} from './withdrawals.repository';

export const WITHDRAWAL_OFF = 'Withdrawals are not offered in this sale.';
export const NOT_WITHDRAWABLE = 'Only an approved order can be withdrawn.';
export const ALREADY_REQUESTED = 'A withdrawal of this order was requested already; it can be asked for once.';
export const DELIVERED = 'The tokens of this order were already frozen for delivery: it can no longer be withdrawn.';
export const windowClosed = (deadline: Date) => `The withdrawal period of this order ended on ${deadline.toISOString().replace('T', ' ').slice(0, 16)} UTC.`;
const decidedAlready = (state: string) => `This withdrawal was ${state} already.`;

/** The buyer who asked, as the audit log names them (the server acts on their request). */
const BUYER: Actor = { id: null, login: 'Buyer' };
/** How many decided requests the back-office lists below the open ones. */
const DECIDED_SHOWN = 100;


export async function getWithdrawalSettings(db: Queryable): Promise<WithdrawalSettings> {
  return findWithdrawalSettings(db);
}

export async function changeWithdrawalSettings(db: Db, actor: Actor, body: WithdrawalSettingsBody, now = new Date()): Promise<WithdrawalSettings> {
  return db.transaction(async (tx) => {
    const before = await findWithdrawalSettings(tx);
    const after = await saveWithdrawalSettings(tx, { enabled: body.enabled, days: Number(body.days) }, now);
    await recordAudit(tx, actor, 'withdrawal.settings', 'withdrawals', before, after);
    return after;
  });
}

/** Whether any of the order's ledger entries was frozen by a distribution (on its way to wallets). */
function frozen(firstSeq: number | null, lastFrozenSeq: number): boolean {
  return firstSeq !== null && firstSeq <= lastFrozenSeq;
}

async function mailOrder(db: Queryable, publicUrl: string, order: Pick<OrderRow, 'publicId' | 'tokens'>): Promise<WithdrawalMailOrder> {
  const sale = await getSaleSettings(db);
  return { order: order.publicId, tokens: groupDigits(plain(order.tokens)), symbol: sale.tokenSymbol, link: orderPageLink(publicUrl, order.publicId) };
}

/** The buyer withdraws their approved order: a request, once per order, before its deadline. */
export async function requestWithdrawal(db: Db, events: EventBus, publicUrl: string, userId: number, publicId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findBuyerOrder(tx, publicId);
    if (found?.userId !== userId) throw notFound("Transaction doesn't exist.");
    const order = await lockOrder(tx, found.id);
    if (!order) throw notFound("Transaction doesn't exist.");
    const settings = await findWithdrawalSettings(tx);
    const [existing] = await findRequestsOfOrders(tx, [order.id]);
    if (existing) throw conflict(ALREADY_REQUESTED);
    if (!settings.enabled) throw conflict(WITHDRAWAL_OFF);
    if (order.status !== 'approved' || order.decidedAt === null) throw conflict(NOT_WITHDRAWABLE);
    const deadline = withdrawalDeadline(order.decidedAt, settings.days);
    if (now.getTime() >= deadline.getTime()) throw conflict(windowClosed(deadline));
    if (frozen(await findFirstSeqOfOrder(tx, order.id), await findLastFrozenSeq(tx))) throw conflict(DELIVERED);
    const request = await insertWithdrawalRequest(tx, { orderId: order.id, userId, requestedAt: now, deadline });
    if (!request) throw conflict(ALREADY_REQUESTED);
    const buyer = await findBuyerById(tx, userId);
    await recordAudit(tx, BUYER, 'withdrawal.request', `order:${order.publicId}`, null, { buyer: buyer?.email ?? null, tokens: plain(order.tokens), bonusTokens: plain(order.bonusTokens), deadline: deadline.toISOString() });
    if (buyer) {
      const mail = await withdrawalRequestedMail(await mailContext(tx, publicUrl), greetingName(buyer), await mailOrder(tx, publicUrl, order));
      await queueMail(tx, { kind: 'withdrawal-requested', to: buyer.email, userId, ...mail }, now);
    }
  });
  events.publish({ type: 'order', userId, orderId: publicId, status: 'approved' });
}

/**
 * Completes a requested withdrawal with the refund the operator sent. The request row is locked and
 * changed only from `requested`, so of two completions at once the second waits and then finds it
 * completed (409): the ledger entries, the stages' figures and the reward reversals happen once.
 */
export async function completeWithdrawal(db: Db, events: EventBus, publicUrl: string, actor: Actor, id: number, body: RefundBody, now = new Date()): Promise<AdminWithdrawal> {
  const order = await db.transaction(async (tx) => {
    const request = await lockWithdrawalRequest(tx, id);
    if (!request) throw notFound('There is no such withdrawal request.');
    if (request.state !== 'requested') throw conflict(decidedAlready(request.state));
    const order = await lockOrder(tx, request.orderId);
    if (order?.status !== 'approved') throw conflict(NOT_WITHDRAWABLE);
    const places = (body.amount.split('.')[1] ?? '').replace(/0+$/, '').length;
    const decimals = payDecimalsOf(order.decimals);
    if (places > decimals) throw invalid(`${order.cryptoCode} has at most ${decimals} decimals.`, { amount: `${order.cryptoCode} has at most ${decimals} decimals.` });
    // The refund goes back on the order's own network, so its hash has that network's form.
    const hashProblem = txHashProblem(order.network, body.txHash);
    if (hashProblem) throw invalid(hashProblem, { txHash: hashProblem });
    // The buyer's own credits for the order; the rewards it paid others are reversed by their module.
    const credits = (await sumLedgerOfOrder(tx, order.id)).filter((c) => c.userId === order.userId);
    const sum = (kinds: readonly string[]) => credits.filter((c) => kinds.includes(c.kind)).reduce((s, c) => s.plus(dec(c.amount)), ZERO);
    const tokens = sum(WITHDRAWN_TOKEN_KINDS);
    const bonus = sum(WITHDRAWN_BONUS_KINDS);
    const firstSeq = await findFirstSeqOfOrder(tx, order.id);
    if (!(await markOrderWithdrawn(tx, order.id, now))) throw conflict(NOT_WITHDRAWABLE);
    await insertLedgerEntries(tx, [
      ...(tokens.gt(0) ? [{ userId: order.userId, orderId: order.id, kind: 'withdrawal' as const, amount: toPlain(ZERO.minus(tokens)) }] : []),
      ...(bonus.gt(0) ? [{ userId: order.userId, orderId: order.id, kind: 'withdrawal_bonus' as const, amount: toPlain(ZERO.minus(bonus)) }] : []),
    ]);
    const reversed = await reverseOrderRewards(tx, order.id);
    // Checked once this transaction holds the ledger chain's lock (its entries took it), which a
    // distribution takes to freeze balances: one frozen before now is seen here, none can start meanwhile.
    if (frozen(firstSeq, await findLastFrozenSeq(tx))) throw conflict(DELIVERED);
    const decided = await decideWithdrawalRequest(tx, id, {
      state: 'completed',
      tokens: toPlain(tokens),
      bonusTokens: toPlain(bonus),
      refundAmount: body.amount,
      refundTxHash: body.txHash,
      note: body.note ?? '',
      decidedBy: actor.id,
      decidedAt: now,
    });
    if (!decided) throw conflict(decidedAlready('decided'));
    const buyer = await findBuyerById(tx, order.userId);
    await recordAudit(tx, actor, 'withdrawal.complete', `order:${order.publicId}`, { status: 'approved' }, {
      status: 'withdrawn',
      buyer: buyer?.email ?? null,
      tokens: toPlain(tokens),
      bonusTokens: toPlain(bonus),
      referralReversed: reversed.referral,
      campaignReversed: reversed.campaign,
      refund: { amount: plain(body.amount), currency: order.cryptoCode, txHash: body.txHash, note: body.note ?? '' },
    });
    if (buyer) {
      const mail = await withdrawalCompletedMail(await mailContext(tx, publicUrl), greetingName(buyer), await mailOrder(tx, publicUrl, order), { amount: plain(body.amount), currency: order.cryptoCode, txHash: body.txHash, note: body.note ?? '' });
      await queueMail(tx, { kind: 'withdrawal-completed', to: buyer.email, userId: order.userId, ...mail }, now);
    }
    return order;
  });
  events.publish({ type: 'sale' });
  events.publish({ type: 'order', userId: order.userId, orderId: order.publicId, status: 'withdrawn' });
  return getAdminWithdrawal(db, id);
}

/** Declines a requested withdrawal with a reason the buyer reads; the order stays approved. */
export async function declineWithdrawal(db: Db, events: EventBus, publicUrl: string, actor: Actor, id: number, body: DeclineBody, now = new Date()): Promise<AdminWithdrawal> {
  const order = await db.transaction(async (tx) => {
    const request = await lockWithdrawalRequest(tx, id);
    if (!request) throw notFound('There is no such withdrawal request.');
    if (request.state !== 'requested') throw conflict(decidedAlready(request.state));
    const decided = await decideWithdrawalRequest(tx, id, { state: 'declined', declineReason: body.reason, decidedBy: actor.id, decidedAt: now });
    if (!decided) throw conflict(decidedAlready('decided'));
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound("Transaction doesn't exist.");
    const buyer = await findBuyerById(tx, order.userId);
    await recordAudit(tx, actor, 'withdrawal.decline', `order:${order.publicId}`, { withdrawal: 'requested' }, { withdrawal: 'declined', buyer: buyer?.email ?? null, reason: body.reason });
    if (buyer) {
      const mail = await withdrawalDeclinedMail(await mailContext(tx, publicUrl), greetingName(buyer), await mailOrder(tx, publicUrl, order), body.reason);
      await queueMail(tx, { kind: 'withdrawal-declined', to: buyer.email, userId: order.userId, ...mail }, now);
    }
    return order;
  });
  events.publish({ type: 'order', userId: order.userId, orderId: order.publicId, status: order.status });
  return getAdminWithdrawal(db, id);
}

/** A completed request's refund as both views show it (the operator's adds what it took back), else null. */
function refundOf(q: WithdrawalRequestRow): { amount: string; txHash: string; note: string } | null {
  return q.state === 'completed' && q.refundAmount !== null && q.refundTxHash !== null ? { amount: plain(q.refundAmount), txHash: q.refundTxHash, note: q.note } : null;
}

function adminView(r: WithdrawalListRow): AdminWithdrawal {
  const q = r.request;
  const refund = refundOf(q);
  return {
    id: q.id,
    orderId: q.orderId,
    order: r.publicId,
    orderStatus: r.orderStatus,
    buyer: { id: q.userId, email: r.email },
    crypto: r.cryptoCode,
    payAmount: plain(r.payAmount),
    tokens: plain(r.tokens),
    bonusTokens: plain(r.bonusTokens),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    requestedAt: q.requestedAt.toISOString(),
    deadline: q.deadline.toISOString(),
    state: q.state,
    decidedAt: q.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedByLogin,
    refund: refund && { ...refund, tokens: plain(q.tokens ?? '0'), bonusTokens: plain(q.bonusTokens ?? '0') },
    declineReason: q.declineReason,
  };
}

async function getAdminWithdrawal(db: Queryable, id: number): Promise<AdminWithdrawal> {
  const row = await findWithdrawalListRow(db, id);
  if (!row) throw notFound('There is no such withdrawal request.');
  return adminView(row);
}

export async function listWithdrawals(db: Queryable): Promise<AdminWithdrawals> {
  const [settings, rows] = await Promise.all([findWithdrawalSettings(db), findWithdrawalList(db, DECIDED_SHOWN)]);
  return { settings, requests: rows.map(adminView) };
}

function requestView(q: WithdrawalRequestRow): NonNullable<OrderWithdrawal['request']> {
  return {
    state: q.state,
    requestedAt: q.requestedAt.toISOString(),
    decidedAt: q.decidedAt?.toISOString() ?? null,
    declineReason: q.declineReason,
    refund: refundOf(q),
  };
}

/**
 * What the buyer's orders say of the right, by order id: for an approved order while the right is on
 * (its deadline, and whether it may be asked for now), and for any order with a request (its state).
 * `firstSeqs`: each order's first ledger entry, to tell whether a distribution froze it.
 */
export async function withdrawalsOfOrders(db: Queryable, views: readonly BuyerOrderView[], firstSeqs: ReadonlyMap<number, number>, now: Date): Promise<Map<number, OrderWithdrawal>> {
  const candidates = views.filter((v) => v.status === 'approved' || v.status === 'withdrawn');
  if (candidates.length === 0) return new Map();
  const [settings, requests, lastFrozen] = await Promise.all([findWithdrawalSettings(db), findRequestsOfOrders(db, candidates.map((v) => v.id)), findLastFrozenSeq(db)]);
  const byOrder = new Map(requests.map((r) => [r.orderId, r]));
  const result = new Map<number, OrderWithdrawal>();
  for (const v of candidates) {
    const request = byOrder.get(v.id);
    if (request) {
      result.set(v.id, { deadline: request.deadline.toISOString(), canRequest: false, refusal: null, request: requestView(request) });
    } else if (settings.enabled && v.status === 'approved' && v.decidedAt) {
      const deadline = withdrawalDeadline(v.decidedAt, settings.days);
      const open = now.getTime() < deadline.getTime();
      const delivered = frozen(firstSeqs.get(v.id) ?? null, lastFrozen);
      result.set(v.id, { deadline: deadline.toISOString(), canRequest: open && !delivered, refusal: open && delivered ? DELIVERED : null, request: null });
    }
  }
  return result;
}
