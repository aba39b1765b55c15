// The transaction hash a buyer attached to their order, with a link to the explorer.
import { ExternalLink } from 'lucide-react';
import type { Order } from '@/contracts/orders';

export function SavedTxHash({ order }: { order: Order }) {
  if (!order.txHash) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted-foreground">Saved transaction hash</p>
      <p className="font-mono text-xs break-all">{order.txHash}</p>
      {order.explorerUrl ? (
        <a href={order.explorerUrl} target="_blank" rel="noreferrer noopener" className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline">
          View on explorer
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </div>
  );
}
