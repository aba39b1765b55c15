// What the watcher has seen for orders paying to deposit addresses, for their buyers' order pages:
// each transfer with its confirmations, and the confirmations the operator asked for.
import { parseCoins } from '@/domain/utxo/amount';
import { requiredConfirmations } from '@/domain/utxo/confirmation-policy';
import type { Queryable } from '../../db/client';
import { utxoPolicyOf } from './utxo/utxo-policy';
import { findEvmChains } from './evm/evm-chains.repository';
import { findExcessDecisions, insertExcessDecision, type ExcessDecisionRow } from './excess-decisions.repository';
import { findPaymentsOfOrders, holdsLatePayment } from './payments.repository';
import { findUtxoChains } from './utxo/utxo-chains.repository';

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

/** An order as its progress needs it: its chain, and its amount (on Bitcoin a large order waits longer). */
export interface ProgressOrder {
  id: number;
  network: string;
  chainId: number | null;
  payAmount: string;
}

/** Progress per order id, for the orders given with their chain. Orders without payments get none. */
export async function findPaymentProgress(db: Queryable, orders: ProgressOrder[]): Promise<Map<number, PaymentProgress>> {
  const result = new Map<number, PaymentProgress>();
  if (orders.length === 0) return result;
  const ids = orders.map((o) => o.id);
  const onUtxo = orders.some((o) => o.network !== 'evm');
  const [rows, chains, decisions, utxoChains] = await Promise.all([findPaymentsOfOrders(db, ids), findEvmChains(db), findExcessDecisions(db, ids), onUtxo ? findUtxoChains(db) : []]);
  const chainOf = new Map(chains.map((c) => [c.chainId, c]));
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

  function rulesOf(order: ProgressOrder): { head: bigint | null; required: number | null; toleranceBps: number } {
    const utxo = utxoChains.find((c) => c.chain === order.network);
    if (order.network !== 'evm') {
      if (!utxo) return { head: null, required: null, toleranceBps: 0 };
      // The order's whole amount decides whether the large-payment rule applies (decision 023).
      const required = requiredConfirmations(utxoPolicyOf(utxo), parseCoins(order.payAmount));
      return { head: utxo.tipHeight === null ? null : BigInt(utxo.tipHeight), required, toleranceBps: utxo.toleranceBps };
    }
    const chain = order.chainId === null ? undefined : chainOf.get(order.chainId);
    return { head: chain?.headBlock ?? null, required: chain?.confirmations ?? null, toleranceBps: chain?.toleranceBps ?? 0 };
  }
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

/** Whether the order holds a payment (not reverted) made after its window closed, read in the caller's transaction (decision 024). */
export function paidAfterWindow(tx: Queryable, orderId: number): Promise<boolean> {
  return holdsLatePayment(tx, orderId);
}
