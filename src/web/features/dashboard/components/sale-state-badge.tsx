import type { SaleState } from '@/contracts/sale';
import { Badge } from '@/web/components/ui/badge';

const LABELS: Record<SaleState, { text: string; variant: 'success' | 'warning' | 'secondary' }> = {
  upcoming: { text: 'Not started', variant: 'warning' },
  live: { text: 'Live', variant: 'success' },
  ended: { text: 'Ended', variant: 'secondary' },
  sold_out: { text: 'Sold out', variant: 'secondary' },
};

export function SaleStateBadge({ state }: { state: SaleState }) {
  const { text, variant } = LABELS[state];
  return <Badge variant={variant}>{text}</Badge>;
}
