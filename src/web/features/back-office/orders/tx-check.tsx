// What the chain says about an order's transaction hash (issue 13), beside the hash in the order
// drawer. The operator still decides; what contradicts the order is shown in red.
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { AdminOrder } from '@/contracts/orders';
import { Spinner } from '@/web/components/ui/spinner';
import { useTxCheck } from '@/web/api/orders';

export function TxCheckNote({ order }: { order: AdminOrder }) {
  const { data, isError, isFetching } = useTxCheck(order.orderId, order.txHash);
  if (!order.txHash) return null;
  if (!data) {
    return isError ? (
      <p role="alert" className="text-destructive text-xs">
        The chain could not be asked about this transaction.
      </p>
    ) : (
      <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
        <Spinner className="size-3" /> Asking the chain…
      </p>
    );
  }
  const clean = data.state === 'found' && data.contradictions.length === 0;
  return (
    <div className="grid gap-1 text-xs" aria-label="What the chain says" role="group" aria-busy={isFetching || undefined}>
      <p className={`flex items-start gap-1.5 ${clean ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground'}`}>
        {clean ? <CircleCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden /> : null}
        <span>
          {data.message}
          {data.source ? <span className="text-muted-foreground"> ({data.source})</span> : null}
        </span>
      </p>
      {data.contradictions.map((c) => (
        <p key={c} className="text-destructive flex items-start gap-1.5 font-medium">
          <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>{c}</span>
        </p>
      ))}
    </div>
  );
}
