// Order status (PRODUCT.md §4): /dashboard/transaction?order={orderToken}. Updates live from the
// event stream and, while pending, by polling every 5 s.
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useOrder } from '@/web/api/orders';
import { OrderDetails } from '@/web/features/orders/components/order-details';
import { useSale } from '@/web/api/first-screen';
import { useLiveUpdates } from '@/web/hooks/use-live-updates';
import { ApiError } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const NOT_FOUND = "Transaction doesn't exist";

export function Component() {
  useDocumentTitle('Transaction');
  useLiveUpdates();
  const [params] = useSearchParams();
  const orderToken = params.get('order');
  const order = useOrder(orderToken);
  const { data: sale } = useSale();
  const navigate = useNavigate();
  const notFound = order.error instanceof ApiError && order.error.status === 404;

  useEffect(() => {
    if (!notFound) return;
    toast.error(NOT_FOUND, { id: 'order-not-found' });
    void navigate(paths.buyToken, { replace: true });
  }, [notFound, navigate]);

  if (!orderToken) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Transaction</h1>
        <p role="alert">Order number is missing in the URL.</p>
        <p className="text-sm">
          <Link to={paths.myToken} className="text-primary underline-offset-4 hover:underline">
            See your orders
          </Link>{' '}
          or{' '}
          <Link to={paths.buyToken} className="text-primary underline-offset-4 hover:underline">
            buy tokens
          </Link>
          .
        </p>
      </div>
    );
  }

  if (notFound) return <p role="alert">{NOT_FOUND}</p>;

  if (!order.data) {
    return order.isError ? (
      <div className="grid gap-2" role="alert">
        <p className="text-destructive text-sm">The order could not be loaded. It will appear when the server is reachable again.</p>
      </div>
    ) : (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  return <OrderDetails order={order.data} symbol={sale?.token.symbol ?? ''} receivedAt={order.dataUpdatedAt} />;
}
