// A distribution's buyers (issue 19): tokens (and those carried from an earlier distribution), the
// wallet frozen with them or "missing", and where their delivery stands, with a way to record it.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { DELIVERY_STATE_LABELS, type DeliveryState, type DistributionDetail, type DistributionRowView } from '@/contracts/distribution';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { Can } from '@/web/features/back-office/shell/can';
import { RecordDeliveryDialog } from './record-delivery-dialog';

const VARIANTS: Record<DeliveryState, 'success' | 'warning' | 'destructive' | 'secondary' | 'default'> = {
  delivered: 'success',
  'to-deliver': 'warning',
  claimable: 'default',
  missing: 'destructive',
  carried: 'secondary',
};

function State({ row }: { row: DistributionRowView }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={VARIANTS[row.state]}>{DELIVERY_STATE_LABELS[row.state]}</Badge>
      {row.delivery ? (
        <span className="text-muted-foreground text-xs">
          {row.delivery.explorerUrl ? (
            <a href={row.delivery.explorerUrl} target="_blank" rel="noreferrer noopener" className="text-primary inline-flex items-center gap-1 font-mono underline-offset-4 hover:underline" title={row.delivery.txHash}>
              {row.delivery.txHash.slice(0, 10)}…{row.delivery.txHash.slice(-6)}
              <ExternalLink className="size-3" aria-hidden />
            </a>
          ) : (
            <span className="font-mono break-all">{row.delivery.txHash}</span>
          )}{' '}
          {formatDateTime(row.delivery.recordedAt)}
          {row.delivery.recordedBy ? ` by ${row.delivery.recordedBy}` : ''}
        </span>
      ) : null}
      {row.carriedTo ? <span className="text-muted-foreground text-xs">to distribution {row.carriedTo}</span> : null}
    </div>
  );
}

export function DistributionBuyers({ detail }: { detail: DistributionDetail }) {
  const [recording, setRecording] = useState<DistributionRowView | null>(null);
  const id = detail.distribution.id;
  const recordButton = (r: DistributionRowView) =>
    r.state === 'to-deliver' || r.state === 'claimable' ? (
      <Can need="manage">
        <Button type="button" size="sm" variant="outline" onClick={() => setRecording(r)}>
          Record delivery<span className="sr-only"> for {r.email}</span>
        </Button>
      </Can>
    ) : null;
  return (
    <>
      <Table aria-label={`Buyers of distribution ${id}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Buyer</TableHead>
            <TableHead className="text-right">Tokens</TableHead>
            <TableHead className="hidden lg:table-cell">Wallet</TableHead>
            <TableHead className="hidden sm:table-cell">State</TableHead>
            <TableHead className="hidden sm:table-cell">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {detail.rows.map((r) => (
            <TableRow key={r.userId}>
              <TableCell className="align-top">
                <span className="break-all lg:break-normal lg:whitespace-nowrap">{r.email}</span>
                {/* On narrower screens the wallet, the state and the action sit under the buyer. */}
                <span className="mt-1 block font-mono text-xs break-all lg:hidden">{r.wallet ?? <span className="text-destructive font-sans font-medium">missing</span>}</span>
                <span className="mt-1 grid justify-items-start gap-2 sm:hidden">
                  <State row={r} />
                  {recordButton(r)}
                </span>
              </TableCell>
              <TableCell className="text-right align-top tabular-nums">
                {formatAmount(r.tokens)}
                {r.carried !== '0' ? <span className="text-muted-foreground block text-xs">{formatAmount(r.carried)} carried</span> : null}
              </TableCell>
              <TableCell className="hidden align-top font-mono text-xs break-all lg:table-cell">{r.wallet ?? <span className="text-destructive font-sans font-medium">missing</span>}</TableCell>
              <TableCell className="hidden align-top sm:table-cell">
                <State row={r} />
              </TableCell>
              <TableCell className="hidden text-right align-top sm:table-cell">{recordButton(r)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RecordDeliveryDialog distributionId={id} row={recording} onClose={() => setRecording(null)} />
    </>
  );
}
