import { Link } from 'react-router';
import type { AdminReward } from '@/contracts/referrals';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

const OUTCOME: Record<AdminReward['outcome'], string> = { credited: 'Credited', reduced: 'Reduced', flagged: 'Flagged' };

/** Rewards per approved order: what the percentages asked for, what was credited, and why not all of it. */
export function RewardTable({ rewards, label, empty }: { rewards: readonly AdminReward[]; label: string; empty: string }) {
  if (rewards.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Approved</TableHead>
          <TableHead>Buyer</TableHead>
          <TableHead>Referrer</TableHead>
          <TableHead className="text-right">Order tokens</TableHead>
          <TableHead className="text-right">Referrer reward</TableHead>
          <TableHead className="text-right">Buyer reward</TableHead>
          <TableHead>Outcome</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rewards.map((r) => (
          <TableRow key={r.orderId}>
            <TableCell className="font-mono text-xs">{r.orderId}</TableCell>
            <TableCell>{formatDateTime(r.approvedAt)}</TableCell>
            <TableCell>
              <Link className="underline-offset-4 hover:underline" to={paths.admin.user(r.buyerId)}>
                {r.buyer}
              </Link>
            </TableCell>
            <TableCell>
              {r.referrerId !== null ? (
                <Link className="underline-offset-4 hover:underline" to={paths.admin.user(r.referrerId)}>
                  {r.referrer}
                </Link>
              ) : null}
            </TableCell>
            <TableCell className="text-right">{formatAmount(r.orderTokens)}</TableCell>
            <TableCell className="text-right">
              {formatAmount(r.referrerTokens)}
              {r.referrerTokens !== r.referrerWanted ? <span className="text-muted-foreground block text-xs">of {formatAmount(r.referrerWanted)}</span> : null}
            </TableCell>
            <TableCell className="text-right">
              {formatAmount(r.buyerTokens)}
              {r.buyerTokens !== r.buyerWanted ? <span className="text-muted-foreground block text-xs">of {formatAmount(r.buyerWanted)}</span> : null}
            </TableCell>
            <TableCell>
              {OUTCOME[r.outcome]}
              {r.note ? <span className="text-muted-foreground block text-xs">{r.note}</span> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
