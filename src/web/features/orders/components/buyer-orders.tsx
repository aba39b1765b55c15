import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useOrders } from '@/web/api/orders';
import { paths } from '@/web/lib/paths';
import { OrdersTable } from './orders-table';

/** The buyer's orders, or a way to place the first. */
export function BuyerOrders({ symbol }: { symbol: string }) {
  const orders = useOrders();
  if (!orders.data) {
    return orders.isError ? (
      <p role="alert" className="text-destructive text-sm">
        Your orders could not be loaded. Please try again later.
      </p>
    ) : (
      <Skeleton className="h-32 w-full" />
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-md border border-dashed p-8 text-center">
        <Receipt className="text-muted-foreground size-8" aria-hidden />
        <p className="font-medium">No transactions</p>
        <Link to={paths.buyToken} className={buttonVariants({ variant: 'default' })}>
          Buy {symbol} Token
        </Link>
      </div>
    );
  }
  return <OrdersTable orders={orders.data} symbol={symbol} />;
}
