// Every approved order, newest first: what was paid, what it bought, who (masked), the payment's
// transaction on the network's explorer, and the order's entries in the hash chain.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { PublicOrder } from '@/contracts/transparency';
import { QueryView } from '@/web/components/query-view';
import { Pagination } from '@/web/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { usePublicOrders } from '@/web/api/transparency';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';

const shortHash = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

function TxCell({ order }: { order: PublicOrder }) {
  if (!order.txHash) return <span className="text-muted-foreground">—</span>;
  if (!order.explorerUrl) return <span className="font-mono text-xs">{shortHash(order.txHash)}</span>;
  return (
    <a href={order.explorerUrl} target="_blank" rel="noreferrer noopener" className="text-primary inline-flex items-center gap-1 font-mono text-xs underline-offset-4 hover:underline">
      {shortHash(order.txHash)}
      <ExternalLink className="size-3" aria-hidden />
      <span className="sr-only">(opens the explorer)</span>
    </a>
  );
}

/** Tokens with their bonus; an overpayment's excess, when credited, is part of both; a withdrawn order says so. */
function tokensOf(o: PublicOrder): string {
  const text = `${formatAmount(o.tokens)} +${formatAmount(o.bonusTokens)} bonus`;
  const withExcess = o.excessTokens === '0' ? text : `${text} (with ${formatAmount(o.excessTokens)} +${formatAmount(o.excessBonusTokens)} for an overpayment)`;
  return o.withdrawn ? `${withExcess}, withdrawn and refunded` : withExcess;
}

export function ApprovedOrders() {
  const [page, setPage] = useState(1);
  const { data, isError } = usePublicOrders(page);
  return (
    <QueryView data={data} isError={isError} errorText="The approved orders could not be loaded." loadingLabel="Loading the approved orders" skeletonClassName="h-64 w-full">
      {(data) =>
        data.total === 0 ? (
          <p className="text-muted-foreground text-sm">No order has been approved yet.</p>
        ) : (
          <div className="grid gap-3">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Approved</TableHead>
                  <TableHead>Paid</TableHead>
                  <TableHead>Tokens</TableHead>
                  <TableHead>Buyer</TableHead>
                  <TableHead>Transaction</TableHead>
                  <TableHead>Ledger entries</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.orders.map((o) => (
                  <TableRow key={o.orderId}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(o.approvedAt)}</TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatAmount(o.amount, 8)} {o.crypto.code}
                      <span className="text-muted-foreground block text-xs">{formatUsd(o.usdAmount)}</span>
                    </TableCell>
                    <TableCell className="tabular-nums">{tokensOf(o)}</TableCell>
                    <TableCell className="font-mono text-xs">{o.buyer}</TableCell>
                    <TableCell>
                      <TxCell order={o} />
                    </TableCell>
                    <TableCell className="font-mono text-xs">
                      {o.ledger.map((e) => (
                        <span key={e.seq} className="block whitespace-nowrap" title={e.hash}>
                          #{e.seq} {e.hash.slice(0, 12)}…
                        </span>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))} onPageChange={setPage} label="Approved orders pages" summary={data.total === 1 ? '1 approved order' : `${data.total} approved orders`} />
          </div>
        )
      }
    </QueryView>
  );
}
