import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, MoreHorizontal } from 'lucide-react';
import type { AdminOrder } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import type { Decision, OrdersQuery } from '../api/orders';
import { OrderStatusPill } from './order-status-pill';

type Sort = OrdersQuery['sort'];

function SortButton({ label, column, sort, dir, onSort }: { label: string; column: Sort; sort: Sort; dir: 'asc' | 'desc'; onSort: (column: Sort) => void }) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button type="button" onClick={() => onSort(column)} className="hover:text-foreground inline-flex items-center gap-1">
      {label}
      <Icon className="size-3.5" aria-hidden />
    </button>
  );
}

/** The operator's list of orders; sorting happens on the server, across every page. */
export function OrdersTable({
  orders,
  sort,
  dir,
  onSort,
  onDecide,
}: {
  orders: AdminOrder[];
  sort: Sort;
  dir: 'asc' | 'desc';
  onSort: (column: Sort) => void;
  onDecide: (order: AdminOrder, decision: Decision) => void;
}) {
  const ariaSort = (column: Sort) => (sort === column ? (dir === 'asc' ? 'ascending' : 'descending') : undefined);
  return (
    <Table aria-label="All transactions">
      <TableHeader>
        <TableRow>
          <TableHead>Transaction ID</TableHead>
          <TableHead>Buyer</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead aria-sort={ariaSort('tokens')}>
            <SortButton label="Tokens" column="tokens" sort={sort} dir={dir} onSort={onSort} />
          </TableHead>
          <TableHead aria-sort={ariaSort('usdAmount')}>
            <SortButton label="USD" column="usdAmount" sort={sort} dir={dir} onSort={onSort} />
          </TableHead>
          <TableHead aria-sort={ariaSort('status')}>
            <SortButton label="Status" column="status" sort={sort} dir={dir} onSort={onSort} />
          </TableHead>
          <TableHead>Tx hash</TableHead>
          <TableHead aria-sort={ariaSort('createdAt')}>
            <SortButton label="Created At" column="createdAt" sort={sort} dir={dir} onSort={onSort} />
          </TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => {
          const open = o.status === 'pending' || o.status === 'expired';
          return (
            <TableRow key={o.id}>
              <TableCell className="max-w-[8rem] truncate font-mono text-xs" title={o.id}>{o.id}</TableCell>
              <TableCell>
                <span className="block max-w-[10rem] truncate" title={`${o.buyer.name} <${o.buyer.email}>`}>
                  {o.buyer.email}
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatAmount(o.payAmount)} {o.crypto.code}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatAmount(o.tokens)}
                {o.bonusTokens !== '0' ? <span className="text-muted-foreground text-xs"> +{formatAmount(o.bonusTokens)}</span> : null}
              </TableCell>
              <TableCell>{formatUsd(o.usdAmount)}</TableCell>
              <TableCell>
                <OrderStatusPill status={o.status} />
              </TableCell>
              <TableCell>
                {o.txHash ? (
                  o.explorerUrl ? (
                    <a href={o.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-primary inline-flex items-center gap-1 font-mono text-xs underline-offset-4 hover:underline" title={o.txHash}>
                      {o.txHash.slice(0, 10)}…
                      <ExternalLink className="size-3" aria-hidden />
                      <span className="sr-only">(opens the explorer)</span>
                    </a>
                  ) : (
                    <span className="font-mono text-xs" title={o.txHash}>
                      {o.txHash.slice(0, 10)}…
                    </span>
                  )
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell className="text-xs whitespace-nowrap">{formatDateTime(o.createdAt)}</TableCell>
              <TableCell>
                {o.status !== 'approved' ? (
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={`Actions for order ${o.id}`}>
                        <MoreHorizontal aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {open ? <DropdownMenuItem onSelect={() => onDecide(o, 'approve')}>Approve payment</DropdownMenuItem> : null}
                      {open ? <DropdownMenuItem onSelect={() => onDecide(o, 'reject')}>Reject payment</DropdownMenuItem> : null}
                      {open ? <DropdownMenuSeparator /> : null}
                      <DropdownMenuItem variant="destructive" onSelect={() => onDecide(o, 'delete')}>
                        Delete
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
