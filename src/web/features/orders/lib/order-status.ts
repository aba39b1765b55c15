// What each order status says to the buyer (PRODUCT.md §4). These texts are the contract.
import type { Order, OrderStatus } from '@/contracts/orders';

/** Where a pending order stands for its buyer: nothing sent yet, or a payment to check. */
export type OrderStage = OrderStatus | 'awaiting';

/** A pending order awaits payment until a transaction hash is attached (or a payment is seen). */
export function orderStage(order: Pick<Order, 'status' | 'txHash'>): OrderStage {
  return order.status === 'pending' && !order.txHash ? 'awaiting' : order.status;
}

export function orderStatusTitle(stage: OrderStage): string {
  switch (stage) {
    case 'awaiting':
      return 'Awaiting payment';
    case 'pending':
      return 'Processing Transaction';
    case 'approved':
      return 'Transaction approved';
    case 'rejected':
      return 'Transaction rejected';
    case 'expired':
      return 'Order expired';
    case 'withdrawn':
      return 'Order withdrawn';
  }
}

export function orderStatusText(stage: OrderStage, id: string): string {
  switch (stage) {
    case 'awaiting':
      return `Order #${id} is waiting for your payment. Send the amount below before the time runs out.`;
    case 'pending':
      return `Order #${id} is being processed. Please wait.`;
    case 'approved':
      return `Order #${id} has been successfully completed!`;
    case 'rejected':
      return `Unfortunately, your transaction #${id} could not be processed and has been rejected. Please check your payment details and try again.`;
    case 'expired':
      return `The payment window for order #${id} closed. Do not send a payment to this order; buy again or contact support.`;
    case 'withdrawn':
      return `You withdrew order #${id}: the sale team refunded your payment and its tokens left your balance.`;
  }
}

/**
 * What an expired order says of a payment sent anyway, after `orderStatusText`: one message, so the
 * page never says "do not pay" beside a separate "already paid?" (issue 28). A payment seen on the
 * chain is shown on its own; nothing to add then.
 */
export function expiredPaymentText(order: Pick<Order, 'txHash' | 'payment'>): string | null {
  if (order.payment) return null;
  return order.txHash ? 'The transaction hash you added will be reviewed by the team.' : 'If you already sent one, add its transaction hash below so the team can review it.';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};
