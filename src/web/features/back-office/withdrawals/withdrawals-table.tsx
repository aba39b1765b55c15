// Buyers' withdrawal requests (decision 040): open ones first with Record refund and Decline, then
// the latest decided ones with their refund or reason.
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminWithdrawal } from '@/contracts/withdrawals';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { Can } from '@/web/features/back-office/shell/can';
import { formatAmount, formatDateTime, formatPayAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { DeclineDialog } from './decline-dialog';
import { RefundDialog } from './refund-dialog';

const STATE = { requested: { label: 'Requested', variant: 'warning' }, completed: { label: 'Refunded', variant: 'success' }, declined: { label: 'Declined', variant: 'destructive' } } as const;

function Outcome({ r }: { r: AdminWithdrawal }) {
  if (r.refund) {
    return (
      <span className="grid gap-0.5 text-xs">
        <span>
          {formatPayAmount(r.refund.amount)} {r.crypto} by {r.decidedBy ?? 'an operator'}
        </span>
        <code className="font-mono break-all">{r.refund.txHash}</code>
        {r.refund.note ? <span className="text-muted-foreground">{r.refund.note}</span> : null}
      </span>
    );
  }
  if (r.declineReason) return <span className="text-xs">{r.declineReason}</span>;
  return null;
}

export function WithdrawalsTable({ requests }: { requests: AdminWithdrawal[] }) {
  const [refunding, setRefunding] = useState<AdminWithdrawal | null>(null);
  const [declining, setDeclining] = useState<AdminWithdrawal | null>(null);
  if (requests.length === 0) return <p className="text-muted-foreground text-sm">No withdrawal requests.</p>;
  return (
    <>
      <Table aria-label="Withdrawal requests">
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Buyer</TableHead>
            <TableHead className="text-right">Paid</TableHead>
            <TableHead className="text-right">Tokens</TableHead>
            <TableHead>Requested</TableHead>
            <TableHead>Deadline</TableHead>
            <TableHead>State</TableHead>
            <TableHead>Refund or reason</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((r) => (
            <TableRow key={r.id}>
              <TableCell className="font-mono">#{r.order}</TableCell>
              <TableCell>
                <Link className="underline-offset-4 hover:underline" to={paths.admin.user(r.buyer.id)}>
                  {r.buyer.email}
                </Link>
              </TableCell>
              <TableCell className="text-right">
                {formatPayAmount(r.payAmount)} {r.crypto}
              </TableCell>
              <TableCell className="text-right">
                {formatAmount(r.tokens)} + {formatAmount(r.bonusTokens)}
              </TableCell>
              <TableCell>{formatDateTime(r.requestedAt)}</TableCell>
              <TableCell>{formatDateTime(r.deadline)}</TableCell>
              <TableCell>
                <Badge variant={STATE[r.state].variant}>{STATE[r.state].label}</Badge>
              </TableCell>
              <TableCell className="max-w-72">
                <Outcome r={r} />
              </TableCell>
              <TableCell>
                {r.state === 'requested' ? (
                  <Can need="decide">
                    <span className="flex gap-2">
                      <Button size="sm" onClick={() => setRefunding(r)} aria-label={`Record refund for order #${r.order}`}>
                        Record refund
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDeclining(r)} aria-label={`Decline withdrawal of order #${r.order}`}>
                        Decline
                      </Button>
                    </span>
                  </Can>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RefundDialog request={refunding} onClose={() => setRefunding(null)} />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
