import { useCan } from '@/web/api/operators';
import { ExternalLink, MoreHorizontal } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { AdminOrder } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { SortableTableHead } from '@/web/components/ui/sortable-table-head';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime, formatPayAmount, formatUsd } from '@/web/lib/format';
import type { Decision, OrdersQuery } from '@/web/api/orders';
import { OrderStatusPill } from './order-status-pill';
import { PaymentPill } from './payment-pill';

type Sort = OrdersQuery['sort'];

// Which columns a screen shows: id, status and the row menu always fit (a phone, or 1280 px beside
// the sidebar); the rest appear as room allows, and the detail drawer shows everything.
const SHOW = { buyer: 'hidden lg:table-cell', amount: 'hidden md:table-cell', tokens: 'hidden 2xl:table-cell', usd: 'hidden lg:table-cell', txHash: 'hidden 2xl:table-cell', created: 'hidden xl:table-cell' } as const;

/** A click on the row that was not meant for a control in it (the id button, a link, the row menu). */
const onRowBackground = (event: MouseEvent<HTMLTableRowElement>) => !(event.target as HTMLElement).closest('button, a, [role="menuitem"], [role="menu"]');

/** The operator's list of orders; sorting happens on the server, across every page. */
export function OrdersTable({
  orders,
  sort,
  dir,
  onSort,
  onDecide,
  onOpen,
}: {
  orders: AdminOrder[];
  sort: Sort;
  dir: 'asc' | 'desc';
  onSort: (column: Sort) => void;
  onDecide: (order: AdminOrder, decision: Decision) => void;
  /** Opens the order's detail drawer (from its id or a click anywhere else on the row). */
  onOpen: (order: AdminOrder) => void;
}) {
  // Deciding is the Approver's, Manager's and Owner's; a Viewer sees no actions.
  const mayDecide = useCan()('decide');
  const sorted = (column: Sort) => (sort === column ? dir : false);
  return (
    <Table aria-label="All transactions">
      <TableHeader>
        <TableRow>
          <TableHead>Transaction ID</TableHead>
          <TableHead className={SHOW.buyer}>Buyer</TableHead>
          <TableHead className={SHOW.amount}>Amount</TableHead>
          <SortableTableHead label="Tokens" sorted={sorted('tokens')} onSort={() => onSort('tokens')} className={SHOW.tokens} />
          <SortableTableHead label="USD" sorted={sorted('usdAmount')} onSort={() => onSort('usdAmount')} className={SHOW.usd} />
          <SortableTableHead label="Status" sorted={sorted('status')} onSort={() => onSort('status')} />
          <TableHead className={SHOW.txHash}>Tx hash</TableHead>
          <SortableTableHead label="Created At" sorted={sorted('createdAt')} onSort={() => onSort('createdAt')} className={SHOW.created} />
          <TableHead className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => {
          const open = o.status === 'pending' || o.status === 'expired';
          return (
            <TableRow key={o.id} className="cursor-pointer" onClick={(event) => onRowBackground(event) && onOpen(o)}>
              <TableCell>
                <button type="button" onClick={() => onOpen(o)} className="text-primary font-mono text-xs break-all underline-offset-4 hover:underline" title="Open the order's details">
                  {o.id}
                </button>
                <span className="text-muted-foreground block max-w-[9rem] truncate text-xs sm:max-w-[14rem] lg:hidden">{o.buyer.email}</span>
              </TableCell>
              <TableCell className={SHOW.buyer}>
                <span className="block max-w-[10rem] truncate" title={`${o.buyer.name} <${o.buyer.email}>`}>
                  {o.buyer.email}
                </span>
              </TableCell>
              <TableCell className={`${SHOW.amount} whitespace-nowrap`}>
                {formatPayAmount(o.payAmount)} {o.crypto.code}
                <span className="text-muted-foreground block text-xs 2xl:hidden">{formatAmount(o.tokens)} tokens</span>
              </TableCell>
              <TableCell className={`${SHOW.tokens} whitespace-nowrap`}>
                {formatAmount(o.tokens)}
                {o.bonusTokens !== '0' ? <span className="text-muted-foreground text-xs"> +{formatAmount(o.bonusTokens)}</span> : null}
              </TableCell>
              <TableCell className={SHOW.usd}>{formatUsd(o.usdAmount)}</TableCell>
              <TableCell>
                <span className="flex flex-wrap items-center gap-1">
                  <OrderStatusPill status={o.status} />
                  <PaymentPill order={o} />
                </span>
              </TableCell>
              <TableCell className={SHOW.txHash}>
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
              <TableCell className={`${SHOW.created} text-xs whitespace-nowrap`}>{formatDateTime(o.createdAt)}</TableCell>
              <TableCell>
                {o.status !== 'approved' && mayDecide ? (
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
