// What the watcher has seen for orders paying to deposit addresses, for their buyers' order pages:
// each transfer with its confirmations, and the confirmations the operator asked for.
import type { Queryable } from '../../db/client';
import { findChainRules, findHeldPayments, type ChainOrder } from '../payments/order-payments.service';
import { findExcessDecisions, insertExcessDecision, type ExcessDecisionRow } from './excess-decisions.repository';

export type ExcessDecision = Pick<ExcessDecisionRow, 'action' | 'note' | 'decidedAt' | 'decidedByLogin'> & {
  /** Base units. */
  amount: bigint;
  tokens: string;
  bonusTokens: string;
};

export interface TransferSeen {
  txHash: string;
  /** Base units. */
  value: bigint;
  state: 'seen' | 'confirmed' | 'reverted';
  confirmations: number;
}

export interface PaymentProgress {
  transfers: TransferSeen[];
  /** Confirmations asked for on the order's chain; null when its finalized block decides. */
  required: number | null;
  /** The chain's tolerance, in basis points either way. */
  toleranceBps: number;
  /** What the operator decided about an overpayment's excess, once decided. */
  excessDecision: ExcessDecision | null;
}

/** An order as its progress needs it: its id, its chain, and its amount (on the Bitcoin family a large order waits longer). */
export interface ProgressOrder extends ChainOrder {
  id: number;
}

/** Progress per order id, for the orders given with their chain. Orders without payments get none. */
export async function findPaymentProgress(db: Queryable, orders: ProgressOrder[]): Promise<Map<number, PaymentProgress>> {
  const result = new Map<number, PaymentProgress>();
  if (orders.length === 0) return result;
  const ids = orders.map((o) => o.id);
  const [rows, rulesOf, decisions] = await Promise.all([findHeldPayments(db, ids), findChainRules(db, orders), findExcessDecisions(db, ids)]);
  const decisionOf = new Map(decisions.map((d) => [d.orderId, d]));
  for (const order of orders) {
    const rules = rulesOf(order);
    const head = rules.head;
    const decision = decisionOf.get(order.id);
    result.set(order.id, {
      excessDecision: decision
        ? { action: decision.action, amount: BigInt(decision.amount), tokens: decision.tokens, bonusTokens: decision.bonusTokens, note: decision.note, decidedAt: decision.decidedAt, decidedByLogin: decision.decidedByLogin }
        : null,
      required: rules.required,
      toleranceBps: rules.toleranceBps,
      transfers: rows
        .filter((p) => p.orderId === order.id)
        .map((p) => ({
          txHash: p.txHash,
          value: BigInt(p.value),
          state: p.state,
          confirmations: head === null || p.blockNumber === null || p.state === 'reverted' ? 0 : Math.max(0, Number(head - p.blockNumber + 1n)),
        })),
    });
  }
  return result;
}

/**
 * Records what the operator decided about an order's excess, in the caller's transaction; false
 * when the order already has a decision (one per order).
 */
export async function recordExcessDecision(
  tx: Queryable,
  decision: { orderId: number; action: 'credited' | 'refunded'; amount: bigint; tokens: string; bonusTokens: string; note: string; decidedBy: number | null; decidedAt: Date },
): Promise<boolean> {
  return (await insertExcessDecision(tx, { ...decision, amount: decision.amount.toString() })) !== undefined;
}
