// A buyer tells us which transaction paid their order, so the operator can check it.
import type { Order, TxCheck } from '@/contracts/orders';
import { txHashProblem } from '@/domain/payment';
import type { Db, Queryable } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { checkOrderTx, type CheckedOrder } from '../payments/lookups/tx-check.service';
import { paymentsOfTx } from '../payments/order-payments.service';
import { lockTxHash, setTxHash } from './order-changes.repository';
import type { OrderQueries } from './order-queries.service';
import { findBuyerOrder, findOtherOrderWithTxHash } from './order-views.repository';

export const HASH_ON_ANOTHER_ORDER = 'This transaction is already attached to another order: one transaction pays one order.';
export const HASH_IS_A_DEPOSIT = 'This transaction reached your deposit address when no order was open: the sale team credits it on its own, so it cannot also pay this order.';

/** What the chain says about the order's attached hash, and which other order holds the same hash (one hash, one order). */
export async function checkTxHash(db: Queryable, order: CheckedOrder): Promise<TxCheck> {
  const alsoOn = order.txHash ? ((await findOtherOrderWithTxHash(db, order.txHash, order.id)) ?? null) : null;
  return checkOrderTx(db, order, alsoOn);
}

export async function attachTxHash(db: Db, events: EventBus, queries: OrderQueries, userId: number, publicId: string, txHash: string): Promise<Order> {
  const view = await findBuyerOrder(db, publicId);
  if (view?.userId !== userId) throw notFound("Transaction doesn't exist.");
  if (view.status === 'approved' || view.status === 'rejected') throw conflict('This order is already decided; its transaction hash can no longer change.');
  const problem = txHashProblem(view.network, txHash);
  if (problem) throw invalid(problem, { txHash: problem });
  await db.transaction(async (tx) => {
    await lockTxHash(tx, txHash);
    if (await findOtherOrderWithTxHash(tx, txHash, view.id)) throw conflict(HASH_ON_ANOTHER_ORDER, { txHash: HASH_ON_ANOTHER_ORDER });
    // What the watchers stored of it counts too: a payment another order holds (the second part of an
    // order paid twice keeps no hash on that order), or a deposit that came with no order open, which
    // an operator credits as an order of its own.
    const stored = await paymentsOfTx(tx, txHash);
    if (stored.some((p) => p.orderId !== null && p.orderId !== view.id)) throw conflict(HASH_ON_ANOTHER_ORDER, { txHash: HASH_ON_ANOTHER_ORDER });
    if (stored.some((p) => p.orderId === null && p.userId === userId)) throw conflict(HASH_IS_A_DEPOSIT, { txHash: HASH_IS_A_DEPOSIT });
    await setTxHash(tx, view.id, txHash);
  });
  events.publish({ type: 'order', userId, orderId: publicId, status: view.status });
  return queries.getOwn(userId, publicId);
}
