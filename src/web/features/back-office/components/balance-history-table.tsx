import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { AdminUserDetail } from '@/contracts/users';
import { formatAmount, formatDateTime } from '@/web/lib/format';

/** A buyer's credits, one row per purchase or bonus. */
export function BalanceHistoryTable({ ledger }: { ledger: AdminUserDetail['ledger'] }) {
  return (
    <Table aria-label="Balance history">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Order</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ledger.map((e) => (
          <TableRow key={e.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TableCell>
            <TableCell>{e.kind === 'bonus' ? 'Bonus' : 'Purchase'}</TableCell>
            <TableCell>+{formatAmount(e.amount)}</TableCell>
            <TableCell className="font-mono text-xs">{e.orderId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
