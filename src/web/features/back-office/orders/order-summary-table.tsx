import type { AdminOrder } from '@/contracts/orders';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime, formatPayAmount } from '@/web/lib/format';
import { OrderStatusPill } from './order-status-pill';

type Column = 'email' | 'address' | 'tokens';

// On a phone: id (with the amount under it) and status; the rest as the width allows.
const SHOW = { amount: 'hidden sm:table-cell', tokens: 'hidden md:table-cell', email: 'hidden lg:table-cell', address: 'hidden xl:table-cell', created: 'hidden md:table-cell' } as const;

/** A read-only list of orders: id, amount, the chosen extra columns, status and time. */
export function OrderSummaryTable({ orders, label, columns }: { orders: AdminOrder[]; label: string; columns: Column[] }) {
  const show = (c: Column) => columns.includes(c);
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Transaction ID</TableHead>
          <TableHead className={SHOW.amount}>Amount</TableHead>
          {show('tokens') ? <TableHead className={SHOW.tokens}>Tokens</TableHead> : null}
          {show('email') ? <TableHead className={SHOW.email}>Email</TableHead> : null}
          {show('address') ? <TableHead className={SHOW.address}>Address</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead className={SHOW.created}>Created At</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id}>
            <TableCell>
              <span className="font-mono text-xs break-all">{o.id}</span>
              <span className="text-muted-foreground block text-xs whitespace-nowrap sm:hidden">
                {formatPayAmount(o.payAmount)} {o.crypto.code}
              </span>
            </TableCell>
            <TableCell className={`${SHOW.amount} whitespace-nowrap`}>
              {formatPayAmount(o.payAmount)} {o.crypto.code}
            </TableCell>
            {show('tokens') ? (
              <TableCell className={SHOW.tokens}>
                {formatAmount(o.tokens)} +{formatAmount(o.bonusTokens)}
              </TableCell>
            ) : null}
            {show('email') ? (
              <TableCell className={SHOW.email}>
                <span className="block max-w-[14rem] truncate" title={o.buyer.email}>
                  {o.buyer.email}
                </span>
              </TableCell>
            ) : null}
            {show('address') ? (
              <TableCell className={SHOW.address}>
                <span className="block max-w-[12rem] truncate font-mono text-xs" title={o.address}>
                  {o.address}
                </span>
              </TableCell>
            ) : null}
            <TableCell>
              <OrderStatusPill status={o.status} />
            </TableCell>
            <TableCell className={`${SHOW.created} text-xs whitespace-nowrap`}>{formatDateTime(o.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
