import { useState, type Dispatch, type SetStateAction } from 'react';
import type { AdminOrder } from '@/contracts/orders';
import { Pagination } from '@/web/components/ui/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { Decision, OrdersPage, OrdersQuery } from '@/web/api/orders';
import { DecisionDialog } from './decision-dialog';
import { OrderDetailSheet } from './order-detail-sheet';
import { OrdersTable } from './orders-table';

/** One page of the operator's orders, with the detail drawer and the approve / reject dialog. */
export function OrdersList({ query, setQuery, data, isError }: { query: OrdersQuery; setQuery: Dispatch<SetStateAction<OrdersQuery>>; data: OrdersPage | undefined; isError: boolean }) {
  const [deciding, setDeciding] = useState<{ order: AdminOrder; decision: Decision } | null>(null);
  // The drawer follows the live list, so a decision made from it shows there at once.
  const [detail, setDetail] = useState<AdminOrder | null>(null);
  const shown = detail ? (data?.orders.find((o) => o.id === detail.id) ?? detail) : null;
  const onSort = (sort: OrdersQuery['sort']) => setQuery((q) => ({ ...q, sort, dir: q.sort === sort && q.dir === 'desc' ? 'asc' : 'desc', page: 1 }));

  return (
    <>
      {isError ? (
        <p role="alert" className="text-destructive">
          The transactions could not be loaded.
        </p>
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading transactions" />
      ) : data.orders.length === 0 ? (
        <p className="text-muted-foreground">
          No transactions{query.status === 'all' ? '' : ` with status ${query.status}`}
          {query.q ? ` match “${query.q}”` : ''}.
        </p>
      ) : (
        <>
          <OrdersTable orders={data.orders} sort={query.sort} dir={query.dir} onSort={onSort} onDecide={(order, decision) => setDeciding({ order, decision })} onOpen={setDetail} />
          <Pagination page={query.page} pageCount={Math.ceil(data.total / query.pageSize)} onPageChange={(page) => setQuery((q) => ({ ...q, page }))} label="Transactions pages" />
        </>
      )}
      <OrderDetailSheet order={shown} onClose={() => setDetail(null)} onDecide={(order, decision) => setDeciding({ order, decision })} />
      <DecisionDialog order={deciding?.order ?? null} decision={deciding?.decision ?? 'approve'} onClose={() => setDeciding(null)} />
    </>
  );
}
