import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { ordersCsvUrl, useAdminOrders, type OrdersQuery } from '@/web/api/orders';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { ApprovedTransactions } from '@/web/features/back-office/orders/approved-transactions';
import { OrdersFilters } from '@/web/features/back-office/orders/orders-filters';
import { OrdersList } from '@/web/features/back-office/orders/orders-list';
import { useAdminLiveOrders } from '@/web/features/back-office/orders/use-admin-live';
import { findSavedPageSize } from '@/web/features/back-office/orders/orders-page-size';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function Component() {
  useDocumentTitle('Transactions');
  useAdminLiveOrders();
  // A notification links here with ?q=<order id>: the table opens on that search.
  const [params] = useSearchParams();
  const [query, setQuery] = useState<OrdersQuery>(() => ({ status: 'all', page: 1, pageSize: findSavedPageSize(), sort: 'createdAt', dir: 'desc', ...(params.get('q') ? { q: params.get('q') ?? '' } : {}) }));
  const { data, isError } = useAdminOrders(query);

  return (
    <AdminPage
      title="All Transactions"
      description={`Orders from every buyer, refreshed live. Times are in your time zone (${ZONE}).`}
      actions={
        <Button asChild variant="outline">
          <a href={ordersCsvUrl(query)} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <OrdersFilters query={query} setQuery={setQuery} total={data?.total} />
      <OrdersList query={query} setQuery={setQuery} data={data} isError={isError} />
      <ApprovedTransactions />
    </AdminPage>
  );
}
