// Approved orders summed per currency: on /transparency for the whole sale, on the back-office
// overview for its range (the same query feeds both, decision 021).
import type { ApprovedSums } from '@/contracts/transparency';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatUsd } from '@/web/lib/format';

export function ApprovedSumsTable({ rows, empty }: { rows: ApprovedSums[]; empty: string }) {
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Received</TableHead>
          <TableHead className="text-right">USD at approval</TableHead>
          <TableHead className="text-right">Tokens sold</TableHead>
          <TableHead className="text-right">Orders</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.code}>
            <TableCell>
              {c.name} <span className="text-muted-foreground text-xs">{c.code}</span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatAmount(c.amount, 8)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(c.usdAmount)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatAmount(c.tokens)}</TableCell>
            <TableCell className="text-right tabular-nums">{c.orders}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
