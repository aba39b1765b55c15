import type { OrderStatus } from '@/contracts/orders';
import { Badge } from '@/web/components/ui/badge';

// PRODUCT.md §5: pending yellow, approved green, rejected red, expired grey.
const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', expired: 'secondary' } as const;
const LABEL: Record<OrderStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', expired: 'Expired' };

export function OrderStatusPill({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANT[status]}>{LABEL[status]}</Badge>;
}
