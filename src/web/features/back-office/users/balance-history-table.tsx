import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { AdminUserDetail } from '@/contracts/users';
import { formatAmount, formatDateTime } from '@/web/lib/format';

const KIND_LABEL: Record<AdminUserDetail['ledger'][number]['kind'], string> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  excess: 'Excess credited',
  excess_bonus: 'Bonus on excess',
};

/** A buyer's credits, one row per purchase, bonus or credited excess. */
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
            <TableCell>{KIND_LABEL[e.kind]}</TableCell>
            <TableCell>+{formatAmount(e.amount)}</TableCell>
            <TableCell className="font-mono text-xs">{e.orderId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
