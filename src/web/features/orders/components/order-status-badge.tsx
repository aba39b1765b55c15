import type { OrderStatus } from '@/contracts/orders';
import { Badge } from '@/web/components/ui/badge';
import { ORDER_STATUS_LABELS } from '../lib/order-status';

// Status colours (PRODUCT.md §5): pending yellow, approved green, rejected red, expired grey; withdrawn (decision 040) outlined.
const VARIANTS = { pending: 'warning', approved: 'success', rejected: 'destructive', expired: 'secondary', withdrawn: 'outline' } as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
