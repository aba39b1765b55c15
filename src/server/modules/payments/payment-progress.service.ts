// What the watcher has seen for orders paying to deposit addresses, for their buyers' order pages:
// each transfer with its confirmations, and the confirmations the operator asked for.
import type { Queryable } from '../../db/client';
import { findEvmChains, findPaymentsOfOrders } from './payments.repository';

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
}

/** Progress per order id, for the orders given with their chain. Orders without payments get none. */
export async function findPaymentProgress(db: Queryable, orders: { id: number; chainId: number | null }[]): Promise<Map<number, PaymentProgress>> {
  const result = new Map<number, PaymentProgress>();
  if (orders.length === 0) return result;
  const [rows, chains] = await Promise.all([findPaymentsOfOrders(db, orders.map((o) => o.id)), findEvmChains(db)]);
  const chainOf = new Map(chains.map((c) => [c.chainId, c]));
  for (const order of orders) {
    const chain = order.chainId === null ? undefined : chainOf.get(order.chainId);
    const head = chain?.headBlock ?? null;
    result.set(order.id, {
      required: chain?.confirmations ?? null,
      toleranceBps: chain?.toleranceBps ?? 0,
      transfers: rows
        .filter((p) => p.orderId === order.id)
        .map((p) => ({
          txHash: p.txHash,
          value: BigInt(p.value),
          state: p.state,
          confirmations: head === null || p.state === 'reverted' ? 0 : Math.max(0, Number(head - p.blockNumber + 1n)),
        })),
    });
  }
  return result;
}
