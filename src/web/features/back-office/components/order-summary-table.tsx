import type { AdminOrder } from '@/contracts/orders';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { OrderStatusPill } from './order-status-pill';

type Column = 'email' | 'address' | 'tokens';

/** A read-only list of orders: id, amount, the chosen extra columns, status and time. */
export function OrderSummaryTable({ orders, label, columns }: { orders: AdminOrder[]; label: string; columns: Column[] }) {
  const show = (c: Column) => columns.includes(c);
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Transaction ID</TableHead>
          <TableHead>Amount</TableHead>
          {show('tokens') ? <TableHead>Tokens</TableHead> : null}
          {show('email') ? <TableHead>Email</TableHead> : null}
          {show('address') ? <TableHead>Address</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead>Created At</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id}>
            <TableCell className="font-mono text-xs">{o.id}</TableCell>
            <TableCell className="whitespace-nowrap">
              {formatAmount(o.payAmount)} {o.crypto.code}
            </TableCell>
            {show('tokens') ? (
              <TableCell>
                {formatAmount(o.tokens)} +{formatAmount(o.bonusTokens)}
              </TableCell>
            ) : null}
            {show('email') ? <TableCell>{o.buyer.email}</TableCell> : null}
            {show('address') ? (
              <TableCell>
                <span className="block max-w-[12rem] truncate font-mono text-xs" title={o.address}>
                  {o.address}
                </span>
              </TableCell>
            ) : null}
            <TableCell>
              <OrderStatusPill status={o.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(o.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
