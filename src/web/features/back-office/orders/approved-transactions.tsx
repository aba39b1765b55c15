import { useState } from 'react';
import { Pagination } from '@/web/components/ui/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAdminOrders } from '@/web/api/orders';
import { OrderSummaryTable } from './order-summary-table';

/** The latest approved orders, ten a page, beside the full list. */
export function ApprovedTransactions() {
  const [page, setPage] = useState(1);
  const { data } = useAdminOrders({ status: 'approved', page, pageSize: 10, sort: 'createdAt', dir: 'desc' });
  return (
    <section aria-labelledby="approved-title" className="grid gap-3">
      <h2 id="approved-title" className="text-lg font-semibold">
        Approved Transactions
      </h2>
      {!data ? (
        <Skeleton className="h-32" />
      ) : data.orders.length === 0 ? (
        <p className="text-muted-foreground text-sm">No approved transactions yet.</p>
      ) : (
        <>
          <OrderSummaryTable orders={data.orders} label="Approved transactions" columns={['email', 'address']} />
          <Pagination page={page} pageCount={Math.ceil(data.total / 10)} onPageChange={setPage} label="Approved transactions pages" />
        </>
      )}
    </section>
  );
}
