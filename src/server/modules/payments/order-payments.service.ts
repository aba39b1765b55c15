// What the orders module reads of payments, for its pages and its decisions: the payments its orders
// hold, whether one came after the order's window, and the confirmation rules of each order's chain.
import { parseCoins } from '@/domain/utxo/amount';
import { requiredConfirmations } from '@/domain/utxo/confirmation-policy';
import type { Queryable } from '../../db/client';
import { findEvmChains } from './evm/evm-chains.repository';
import { findPaymentsOfOrders, findPaymentsOfTx, paymentTiming, type PaymentRow } from './payments.repository';
import { findTronChain } from './tron/tron-chains.repository';
import { findUtxoChains } from './utxo/utxo-chains.repository';
import { utxoPolicyOf } from './utxo/utxo-policy';

/** A payment an order holds, as its page shows it. */
export type HeldPayment = Pick<PaymentRow, 'orderId' | 'txHash' | 'value' | 'state' | 'blockNumber'>;

/** The payments held by these orders, oldest first. */
export function findHeldPayments(db: Queryable, orderIds: number[]): Promise<HeldPayment[]> {
  return findPaymentsOfOrders(db, orderIds);
}

/** Whether the order holds a payment (not reverted) made after its window closed, read in the caller's transaction (decision 024). */
export function paidAfterWindow(tx: Queryable, orderId: number): Promise<boolean> {
  return paymentTiming(tx, orderId).then((t) => t.late);
}

/**
 * Whether the order was paid in time though it expired: it holds a confirmed payment made within its
 * window and none after it. The watcher stored the payment after the expiry ran (it reads blocks some
 * confirmations behind, and the expiry also runs on reads and checked orders): judged by the chain's
 * instant, the order is paid as if it had waited (decision 048).
 */
export async function paidInTimeAfterExpiry(tx: Queryable, orderId: number): Promise<boolean> {
  const { late, confirmedInWindow } = await paymentTiming(tx, orderId);
  return confirmedInWindow && !late;
}

/** The payments the watchers stored from this transaction, with the order each pays (null: unallocated) and its buyer. */
export function paymentsOfTx(db: Queryable, txHash: string): Promise<{ orderId: number | null; userId: number | null }[]> {
  return findPaymentsOfTx(db, txHash);
}

/** An order as its chain's rules need it: its chain, and its amount (on the Bitcoin family a large order waits longer). */
export interface ChainOrder {
  network: string;
  chainId: number | null;
  payAmount: string;
}

/** The order's chain as its payments are judged: its newest block, the confirmations asked for (null: its finalized block decides), its tolerance. */
export interface ChainRules {
  head: bigint | null;
  required: number | null;
  /** In basis points either way. */
  toleranceBps: number;
}

/** The rules of each order's chain, read once for all the orders given. */
export async function findChainRules(db: Queryable, orders: readonly ChainOrder[]): Promise<(order: ChainOrder) => ChainRules> {
  const onUtxo = orders.some((o) => o.network !== 'evm' && o.network !== 'tron');
  const onTron = orders.some((o) => o.network === 'tron');
  const [chains, utxoChains, tron] = await Promise.all([findEvmChains(db), onUtxo ? findUtxoChains(db) : [], onTron ? findTronChain(db) : undefined]);
  const chainOf = new Map(chains.map((c) => [c.chainId, c]));
  return (order) => {
    if (order.network === 'tron') return { head: tron?.headBlock ?? null, required: tron?.confirmations ?? null, toleranceBps: tron?.toleranceBps ?? 0 };
    if (order.network !== 'evm') {
      const utxo = utxoChains.find((c) => c.chain === order.network);
      if (!utxo) return { head: null, required: null, toleranceBps: 0 };
      // The order's whole amount decides whether the large-payment rule applies (decision 023).
      const required = requiredConfirmations(utxoPolicyOf(utxo), parseCoins(order.payAmount));
      return { head: utxo.tipHeight === null ? null : BigInt(utxo.tipHeight), required, toleranceBps: utxo.toleranceBps };
    }
    const chain = order.chainId === null ? undefined : chainOf.get(order.chainId);
    return { head: chain?.headBlock ?? null, required: chain?.confirmations ?? null, toleranceBps: chain?.toleranceBps ?? 0 };
  };
}
