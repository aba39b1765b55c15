import { Download, Search } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import type { AdminOrder } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ordersSearch, useAdminOrders, type Decision, type OrdersQuery } from '@/web/api/admin/orders';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { DecisionDialog } from '@/web/features/back-office/components/decision-dialog';
import { OrderDetailSheet } from '@/web/features/back-office/components/order-detail-sheet';
import { OrdersTable } from '@/web/features/back-office/components/orders-table';
import { OrderSummaryTable } from '@/web/features/back-office/components/order-summary-table';
import { Pager } from '@/web/features/back-office/components/pager';
import { useAdminLiveOrders } from '@/web/features/back-office/hooks/use-admin-live';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const PAGE_SIZE_KEY = 'presale-admin-orders-page-size';
const PAGE_SIZES = [10, 20, 50, 100] as const;
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function savedPageSize(): number {
  try {
    const v = Number(localStorage.getItem(PAGE_SIZE_KEY));
    return (PAGE_SIZES as readonly number[]).includes(v) ? v : 20;
  } catch {
    return 20;
  }
}

function ApprovedTransactions() {
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
          <Pager page={page} pageSize={10} total={data.total} onPage={setPage} label="Approved transactions" />
        </>
      )}
    </section>
  );
}

export function Component() {
  useDocumentTitle('Transactions');
  useAdminLiveOrders();
  const [query, setQuery] = useState<OrdersQuery>(() => ({ status: 'all', page: 1, pageSize: savedPageSize(), sort: 'createdAt', dir: 'desc' }));
  const { data, isError } = useAdminOrders(query);
  const [deciding, setDeciding] = useState<{ order: AdminOrder; decision: Decision } | null>(null);
  const [search, setSearch] = useState('');
  // The drawer follows the live list, so a decision made from it shows there at once.
  const [detail, setDetail] = useState<AdminOrder | null>(null);
  const shown = detail ? (data?.orders.find((o) => o.id === detail.id) ?? detail) : null;
  const onSearch = (event: SyntheticEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, q: search.trim(), page: 1 }));
  };

  const setPageSize = (pageSize: number) => {
    try {
      localStorage.setItem(PAGE_SIZE_KEY, String(pageSize));
    } catch {
      /* not remembered: storage unavailable */
    }
    setQuery((q) => ({ ...q, pageSize, page: 1 }));
  };
  const onSort = (sort: OrdersQuery['sort']) => setQuery((q) => ({ ...q, sort, dir: q.sort === sort && q.dir === 'desc' ? 'asc' : 'desc', page: 1 }));

  return (
    <AdminPage
      title="All Transactions"
      description={`Orders from every buyer, refreshed live. Times are in your time zone (${ZONE}).`}
      actions={
        <Button asChild variant="outline">
          <a href={`/api/admin/orders.csv${ordersSearch({ status: query.status, q: query.q })}`} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <div className="flex flex-wrap items-end gap-4">
        <form role="search" onSubmit={onSearch} className="grid w-full gap-2 sm:w-auto">
          <Label htmlFor="order-search">Search by order id, e-mail or tx hash</Label>
          <div className="flex gap-2">
            <Input id="order-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={130} className="min-w-0 sm:w-80" autoComplete="off" spellCheck={false} />
            <Button type="submit" variant="outline">
              <Search aria-hidden /> Search
            </Button>
          </div>
        </form>
        <div className="grid gap-2">
          <Label htmlFor="status-filter">Status</Label>
          <NativeSelect id="status-filter" value={query.status} onChange={(e) => setQuery((q) => ({ ...q, status: e.target.value as OrdersQuery['status'], page: 1 }))} className="w-40">
            <option value="all">All</option>
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="expired">Expired</option>
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="page-size">Per page</Label>
          <NativeSelect id="page-size" value={query.pageSize} onChange={(e) => setPageSize(Number(e.target.value))} className="w-24">
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        {data ? <p className="text-muted-foreground pb-2 text-sm">{data.total === 1 ? "1 order" : `${data.total} orders`}</p> : null}
      </div>
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
          <Pager page={query.page} pageSize={query.pageSize} total={data.total} onPage={(page) => setQuery((q) => ({ ...q, page }))} label="Transactions" />
        </>
      )}
      <ApprovedTransactions />
      <OrderDetailSheet order={shown} onClose={() => setDetail(null)} onDecide={(order, decision) => setDeciding({ order, decision })} />
      <DecisionDialog order={deciding?.order ?? null} decision={deciding?.decision ?? 'approve'} onClose={() => setDeciding(null)} />
    </AdminPage>
  );
}
