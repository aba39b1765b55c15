// The buyer's open (pending) orders on the dashboard: what each asks, the time left to pay on the
// server's clock, and a link to its order page. Nothing open: a short note.
import { ChevronRight, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatCard } from '@/web/components/stat-card';
import { formatAmount, formatPayAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useOrders } from '@/web/api/orders';
import { TimeLeft } from './time-left';

export function OpenOrders({ symbol }: { symbol: string }) {
  const orders = useOrders();
  const open = orders.data?.filter((o) => o.status === 'pending') ?? [];
  return (
    <StatCard title="Open orders" icon={<Hourglass className="text-muted-foreground size-4" aria-hidden />}>
      {!orders.data ? (
        orders.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Your orders could not be loaded. Please try again later.
          </p>
        ) : (
          <Skeleton className="h-16 w-full" />
        )
      ) : open.length === 0 ? (
        <p className="text-muted-foreground text-sm">No open orders. Orders waiting for payment appear here.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Open orders">
          {open.map((order) => (
            <li key={order.id} className="grid gap-1 rounded-md border p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-medium break-all">
                  {formatPayAmount(order.payAmount)} {order.crypto.code} → {formatAmount(order.tokens)} {symbol}
                </span>
                <Link to={paths.transaction(order.id)} className="text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
                  Order <span className="font-mono break-all">#{order.id}</span>
                  <ChevronRight className="size-4 shrink-0" aria-hidden />
                </Link>
              </div>
              <TimeLeft expiresAt={order.expiresAt} serverTime={order.serverTime} receivedAt={orders.dataUpdatedAt} />
            </li>
          ))}
        </ul>
      )}
    </StatCard>
  );
}
