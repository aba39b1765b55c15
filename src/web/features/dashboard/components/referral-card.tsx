// The buyer's referral link (/r/{code}) with copy and QR, who referred them, and the buyers they
// referred (masked) with their approved orders and each reward (issue 31).
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import type { MyReferrals } from '@/contracts/referrals';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useMyReferrals } from '@/web/api/referrals';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

function LinkQr({ url }: { url: string }) {
  const { data } = useQuery({
    queryKey: ['qr', url],
    queryFn: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))}`,
    staleTime: Infinity,
  });
  if (!data) return <Skeleton className="size-32" />;
  return <img src={data} alt="Referral link QR code" width={128} height={128} className="size-32 rounded-md border bg-white" />;
}

type ReferredOrder = MyReferrals['referred'][number]['orders'][number];

const OUTCOME: Record<NonNullable<ReferredOrder['outcome']>, string> = { credited: 'Credited', reduced: 'Reduced', flagged: 'Not rewarded' };

export function ReferralCard({ symbol }: { symbol: string }) {
  const referrals = useMyReferrals();
  const data = referrals.data;
  const url = data ? new URL(paths.referral(data.code), window.location.origin).toString() : '';
  // One row per approved order; a referred buyer with none yet has a row of their own.
  const rows: { buyer: string; order: ReferredOrder | null }[] = data?.referred.flatMap((b) => (b.orders.length ? b.orders.map((order): { buyer: string; order: ReferredOrder | null } => ({ buyer: b.buyer, order })) : [{ buyer: b.buyer, order: null }])) ?? [];
  return (
    <Card className="min-w-0" role="region" aria-labelledby="referral-title">
      <CardHeader>
        <CardTitle id="referral-title">Referral</CardTitle>
        <CardDescription>
          {!data
            ? 'Loading your referral link...'
            : data.settings.enabled
              ? `Share your link: when a buyer who registered through it has an order approved, you receive ${data.settings.referrerPercent}% of its tokens${data.settings.refereePercent !== '0' ? ` and they receive ${data.settings.refereePercent}%` : ''}${data.settings.minUsd !== '0' ? ` (orders of at least ${formatUsd(data.settings.minUsd)})` : ''}.`
              : 'The referral program is paused: orders approved now earn no referral rewards.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {referrals.isError ? <p className="text-destructive text-sm">Your referral link could not be loaded. Reload the page to try again.</p> : null}
        {data ? (
          <>
            <div className="flex flex-wrap items-center gap-4">
              <LinkQr url={url} />
              <div className="grid min-w-0 gap-2">
                <div className="flex items-center gap-2">
                  <code className="bg-muted rounded px-2 py-1 text-sm break-all" aria-label="Your referral link">
                    {url}
                  </code>
                  <CopyButton value={url} label="Copy referral link" />
                </div>
                <p className="text-sm">
                  Rewards earned: <strong>{formatAmount(data.earned)} {symbol}</strong>
                </p>
                {data.referredBy ? (
                  <p className="text-muted-foreground text-sm">
                    Referred by {data.referredBy}
                    {data.ownReward !== '0' ? `; your reward: ${formatAmount(data.ownReward)} ${symbol}` : ''}
                  </p>
                ) : null}
              </div>
            </div>
            {rows.length === 0 ? (
              <p className="text-muted-foreground text-sm">No referred buyers yet.</p>
            ) : (
              <Table aria-label="Referred buyers">
                <TableHeader>
                  <TableRow>
                    <TableHead>Buyer</TableHead>
                    <TableHead>Approved</TableHead>
                    <TableHead className="text-right">Tokens bought</TableHead>
                    <TableHead className="text-right">Your reward</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map(({ buyer, order }, i) => (
                    <TableRow key={`${buyer}-${String(i)}`}>
                      <TableCell>{buyer}</TableCell>
                      <TableCell>{order ? formatDateTime(order.approvedAt) : 'No approved order yet'}</TableCell>
                      <TableCell className="text-right">{order ? formatAmount(order.tokens) : ''}</TableCell>
                      <TableCell className="text-right">{order ? `${formatAmount(order.reward)} ${symbol}` : ''}</TableCell>
                      <TableCell title={order?.note ?? ''}>{order?.outcome ? OUTCOME[order.outcome] : order ? 'No reward' : ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
