import type { OrderStatus } from '@/contracts/orders';
import { Badge } from '@/web/components/ui/badge';

// PRODUCT.md §5: pending yellow, approved green, rejected red, expired grey; withdrawn (decision 040) outlined.
const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', expired: 'secondary', withdrawn: 'outline' } as const;
const LABEL: Record<OrderStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', expired: 'Expired', withdrawn: 'Withdrawn' };

export function OrderStatusPill({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANT[status]}>{LABEL[status]}</Badge>;
}
