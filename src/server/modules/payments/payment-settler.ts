// What both watchers do once payments are stored: hand each new payment to its buyer's order, judge
// the orders that got a payment or had one confirmed, and approve those paid in full within the
// operator's limits through the same exactly-once approval an operator uses (actor "Automatic").
import pLimit from 'p-limit';
import { formatUnits, parseUnits } from 'viem';
import { dec, toPlain } from '@/domain/decimal';
import { confirmedTotal, judgeAmount } from '@/domain/payment-verdict';
import { AUTOMATIC, type Actor } from '../../actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { assignLatePayment, assignPayment, findOrderForPayment, findOrderPayments, findOrdersAwaitingConfirmations, findPendingOrdersWithConfirmedPayments, findUnassignedPayments, type PaymentChain, type PaymentRow } from './payments.repository';

/** A payment that arrives after its order expired is still matched to it for this long (then: unallocated). */
export const LATE_PAYMENT_DAYS = 7;

/** Orders judged at once in a tick: within the database pool (10), leaving room for requests. */
const ORDERS_AT_ONCE = 6;

export interface SettleRules {
  on: PaymentChain;
  toleranceBps: number;
  autoApproveUsd: string;
}

/**
 * What settling needs of the orders module (its service, passed in: orders depend on payments, not
 * the other way round): an order's amounts, the exactly-once approval, and telling its page.
 */
export interface SettlerOrders {
  view(id: number): Promise<{ status: string; decimals: number | null; payAmount: string; usdAmount: string; cryptoCode: string }>;
  approveOnly(actor: Actor, id: number, note: string, now?: Date): Promise<void>;
  notePayment(id: number, txHash: string): Promise<void>;
}

/** What a tick's settling did: how many orders it approved, and the orders it could not judge (judged again next tick). */
export interface Settled {
  approved: number;
  errors: string[];
}

/**
 * Hands unassigned payments to their orders, then judges the orders that got a payment or had one
 * confirmed (`touchedOrders`), and approves those paid in full.
 */
export async function settlePayments(db: Db, orders: SettlerOrders, rules: SettleRules, touchedOrders: Iterable<number>, now: Date): Promise<Settled> {
  const touched = new Set<number>(touchedOrders);
  // Buyers side by side (on PostgreSQL one buyer's round trips need not wait for another's, P5);
  // one buyer's payments in order, so each finds the order the one before it left.
  const limit = pLimit(ORDERS_AT_ONCE);
  const byBuyer = new Map<number | null, PaymentRow[]>();
  for (const p of await findUnassignedPayments(db, rules.on)) byBuyer.set(p.userId, [...(byBuyer.get(p.userId) ?? []), p]);
  await Promise.all(
    [...byBuyer].map(([userId, buyerPayments]) =>
      limit(async () => {
        if (userId === null) return;
        for (const payment of buyerPayments) {
          // A late payment finds its expired order for a week after its window by when it was paid,
          // however late a tick read it.
          const order = await findOrderForPayment(db, userId, rules.on, payment.tokenContract, new Date(payment.paidAt.getTime() - LATE_PAYMENT_DAYS * 86_400_000), payment.createdAt);
          // No open order: the deposit stays unallocated until an operator assigns or dismisses it.
          if (!order) continue;
          // Judged by when the chain says it was paid, never by when the expiry job last ran: paid
          // after the window, it is late, and its still-pending order expires with it (decision 024).
          const late = order.status === 'pending' && payment.paidAt > order.expiresAt;
          if (await (late ? assignLatePayment(db, payment.id, order.id, now) : assignPayment(db, payment.id, order.id, now))) {
            await orders.notePayment(order.id, payment.txHash);
            touched.add(order.id);
          }
        }
      }),
    ),
  );
  // And every pending order already paid on this chain: one whose judgement failed before is judged again.
  for (const orderId of await findPendingOrdersWithConfirmedPayments(db, rules.on)) touched.add(orderId);
  // Orders are judged side by side too: each approval is its own guarded transaction.
  // One order's failure does not hold back the others' approvals, nor is it the endpoint's fault (no
  // back-off for the chain): it is reported, and the order is judged again on the next tick (above).
  const ids = [...touched];
  const settled = await Promise.allSettled(ids.map((orderId) => limit(() => approveIfPaid(db, orders, rules, orderId, now))));
  const errors = settled.flatMap((r, i) => (r.status === 'rejected' ? [`order ${String(ids[i])}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`] : []));
  // Pages of orders whose payment is still gaining confirmations show the new count.
  const waiting = new Map((await findOrdersAwaitingConfirmations(db, rules.on)).map((w) => [w.orderId, w.txHash]));
  await Promise.all([...waiting].filter(([orderId]) => !touched.has(orderId)).map(([orderId, txHash]) => limit(() => orders.notePayment(orderId, txHash))));
  return { approved: settled.filter((r) => r.status === 'fulfilled' && r.value).length, errors };
}

async function approveIfPaid(db: Db, orders: SettlerOrders, rules: SettleRules, orderId: number, now: Date): Promise<boolean> {
  const order = await orders.view(orderId);
  // Late payments wait for the operator, who credits at the order's rate or today's. An expired order
  // is approved here only if it was paid within its window (the approval checks: decision 048).
  if ((order.status !== 'pending' && order.status !== 'expired') || order.decimals === null) return false;
  const received = confirmedTotal((await findOrderPayments(db, orderId)).map((p) => ({ state: p.state, value: BigInt(p.value) })));
  if (received === 0n) return false;
  const verdict = judgeAmount(parseUnits(order.payAmount, order.decimals), received, rules.toleranceBps);
  // Underpaid: the buyer is shown the remainder. Over the limit: the operator approves.
  if (verdict.kind === 'underpaid' || dec(order.usdAmount).gt(rules.autoApproveUsd)) return false;
  try {
    await orders.approveOnly(AUTOMATIC, orderId, verdict.kind === 'overpaid' ? `Paid with ${toPlain(dec(formatUnits(verdict.excess, order.decimals)))} ${order.cryptoCode} more than asked.` : 'Paid in full.', now);
    return true;
  } catch (error) {
    // An operator approved or rejected it a moment earlier: one decision stands, and it credited once.
    // An expired order's tokens that no longer fit under the caps: the operator decides.
    if (error instanceof AppError && (error.code === 'conflict' || order.status === 'expired')) return false;
    throw error;
  }
}
