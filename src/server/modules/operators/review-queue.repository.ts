// SQL of the payments that wait for an operator's decision, for the operators' notifications:
// - a manual order whose buyer attached a transaction hash (waiting since it was attached);
// - a watched order (deposit address) holding a confirmed payment the watcher did not approve: under-
//   or overpaid, late, or above the automatic-approval limit (waiting since its first confirmation);
// - a confirmed deposit no order holds and no operator dismissed (unallocated);
// - a buyer's request to withdraw an approved order, until it is completed or declined (waiting since asked).
import { and, eq, gt, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, payments, withdrawalRequests } from '../../db/schema';

export interface ReviewItem {
  /** `order:<public id>`, `deposit:<payment id>` or `withdrawal:<request id>`: one notification per item and kind. */
  key: string;
  reason: 'tx-hash' | 'watched' | 'unallocated' | 'withdrawal';
  orderId: string | null;
  cryptoCode: string | null;
  payAmount: string | null;
  txHash: string | null;
  since: Date;
}

/** What waits for review since a moment in (after, before]. */
export async function findReviewsWaitingSince(db: Queryable, after: Date, before: Date): Promise<ReviewItem[]> {
  const firstConfirmed = min(payments.updatedAt);
  const [manual, watched, unallocated, withdrawals] = await Promise.all([
    db
      .select({ publicId: orders.publicId, cryptoCode: orders.cryptoCode, payAmount: orders.payAmount, txHash: orders.txHash, since: orders.txHashAt })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), isNull(orders.depositAddressId), isNotNull(orders.txHash), gt(orders.txHashAt, after), sql`${orders.txHashAt} <= ${before}`)),
    db
      .select({ publicId: orders.publicId, cryptoCode: orders.cryptoCode, payAmount: orders.payAmount, txHash: orders.txHash, since: firstConfirmed })
      .from(orders)
      .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.state, 'confirmed')))
      .where(and(inArray(orders.status, ['pending', 'expired']), isNotNull(orders.depositAddressId)))
      .groupBy(orders.id)
      .having(and(gt(firstConfirmed, after), sql`${firstConfirmed} <= ${before}`)),
    db
      .select({ id: payments.id, txHash: payments.txHash, since: payments.updatedAt })
      .from(payments)
      .where(and(isNull(payments.orderId), eq(payments.state, 'confirmed'), isNull(payments.dismissedAt), gt(payments.updatedAt, after), lt(payments.updatedAt, before))),
    db
      .select({ id: withdrawalRequests.id, publicId: orders.publicId, cryptoCode: orders.cryptoCode, payAmount: orders.payAmount, since: withdrawalRequests.requestedAt })
      .from(withdrawalRequests)
      .innerJoin(orders, eq(orders.id, withdrawalRequests.orderId))
      .where(and(eq(withdrawalRequests.state, 'requested'), gt(withdrawalRequests.requestedAt, after), sql`${withdrawalRequests.requestedAt} <= ${before}`)),
  ]);
  const orderItem = (reason: 'tx-hash' | 'watched') => (o: (typeof manual)[number]): ReviewItem[] =>
    o.since ? [{ key: `order:${o.publicId}`, reason, orderId: o.publicId, cryptoCode: o.cryptoCode, payAmount: o.payAmount, txHash: o.txHash, since: o.since }] : [];
  return [
    ...manual.flatMap(orderItem('tx-hash')),
    ...watched.flatMap(orderItem('watched')),
    ...unallocated.map((p): ReviewItem => ({ key: `deposit:${String(p.id)}`, reason: 'unallocated', orderId: null, cryptoCode: null, payAmount: null, txHash: p.txHash, since: p.since })),
    ...withdrawals.map((w): ReviewItem => ({ key: `withdrawal:${String(w.id)}`, reason: 'withdrawal', orderId: w.publicId, cryptoCode: w.cryptoCode, payAmount: w.payAmount, txHash: null, since: w.since })),
  ];
}
