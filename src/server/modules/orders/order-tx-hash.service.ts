// A buyer tells us which transaction paid their order, so the operator can check it.
import type { Order } from '@/contracts/orders';
import { txHashProblem } from '@/domain/payment';
import type { Queryable } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { setTxHash } from './order-changes.repository';
import type { OrderQueries } from './order-queries.service';
import { findBuyerOrder } from './order-views.repository';

export async function attachTxHash(db: Queryable, events: EventBus, queries: OrderQueries, userId: number, publicId: string, txHash: string): Promise<Order> {
  const view = await findBuyerOrder(db, publicId);
  if (view?.userId !== userId) throw notFound("Transaction doesn't exist.");
  if (view.status === 'approved' || view.status === 'rejected') throw conflict('This order is already decided; its transaction hash can no longer change.');
  const problem = txHashProblem(view.network, txHash);
  if (problem) throw invalid(problem, { txHash: problem });
  await setTxHash(db, view.id, txHash);
  events.publish({ type: 'order', userId, orderId: publicId, status: view.status });
  return queries.getOwn(userId, publicId);
}
