// What each order status says to the buyer (PRODUCT.md §4). These texts are the contract.
import type { OrderStatus } from '@/contracts/orders';

export function orderStatusTitle(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return 'Processing Transaction';
    case 'approved':
      return 'Transaction approved';
    case 'rejected':
      return 'Transaction rejected';
    case 'expired':
      return 'Order expired';
  }
}

export function orderStatusText(status: OrderStatus, id: string): string {
  switch (status) {
    case 'pending':
      return `Order #${id} is being processed. Please wait.`;
    case 'approved':
      return `Order #${id} has been successfully completed!`;
    case 'rejected':
      return `Unfortunately, your transaction #${id} could not be processed and has been rejected. Please check your payment details and try again.`;
    case 'expired':
      return `The payment window for order #${id} has closed. Buy again, or contact support if you already sent the payment.`;
  }
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};
