import { Search } from 'lucide-react';
import { useState, type Dispatch, type SetStateAction, type SyntheticEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import type { OrdersQuery } from '@/web/api/orders';
import { PAGE_SIZES, savePageSize } from './orders-page-size';

/** Search, status filter and page size of the operator's order list; each starts again at page 1. */
export function OrdersFilters({ query, setQuery, total }: { query: OrdersQuery; setQuery: Dispatch<SetStateAction<OrdersQuery>>; total: number | undefined }) {
  const [search, setSearch] = useState(query.q ?? '');
  const onSearch = (event: SyntheticEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, q: search.trim(), page: 1 }));
  };
  const setPageSize = (pageSize: number) => {
    savePageSize(pageSize);
    setQuery((q) => ({ ...q, pageSize, page: 1 }));
  };

  return (
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
          <option value="withdrawn">Withdrawn</option>
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
      {total !== undefined ? <p className="text-muted-foreground pb-2 text-sm">{total === 1 ? '1 order' : `${total} orders`}</p> : null}
    </div>
  );
}
