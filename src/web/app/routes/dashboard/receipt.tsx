// Receipt (PRODUCT.md §4): /dashboard/receipt?order={orderToken}, for approved orders only.
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useOrder } from '@/web/api/orders';
import { OrderReceipt } from '@/web/features/orders/components/order-receipt';
import { useSale } from '@/web/api/first-screen';
import { ApiError } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function Message({ children, link }: { children: string; link: { to: string; label: string } }) {
  return (
    <div className="grid gap-3">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Receipt</h1>
      <p role="alert">{children}</p>
      <p className="text-sm">
        <Link to={link.to} className="text-primary underline-offset-4 hover:underline">
          {link.label}
        </Link>
      </p>
    </div>
  );
}

export function Component() {
  useDocumentTitle('Receipt');
  const [params] = useSearchParams();
  const orderToken = params.get('order');
  const order = useOrder(orderToken);
  const { data: sale } = useSale();

  if (!orderToken) return <Message link={{ to: paths.myToken, label: 'See your orders' }}>Order number is missing in the URL.</Message>;
  if (order.error instanceof ApiError && order.error.status === 404) {
    return <Message link={{ to: paths.myToken, label: 'See your orders' }}>Transaction doesn&apos;t exist</Message>;
  }
  if (!order.data || !sale) {
    return order.isError ? (
      <p role="alert" className="text-destructive text-sm">
        The receipt could not be loaded. It will appear when the server is reachable again.
      </p>
    ) : (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (order.data.status !== 'approved') {
    return (
      <Message link={{ to: paths.transaction(order.data.id), label: 'Back to the order' }}>
        {`A receipt is available once the order is approved. Order #${order.data.id} is not approved.`}
      </Message>
    );
  }
  return <OrderReceipt order={order.data} tokenName={sale.token.name} symbol={sale.token.symbol} />;
}
