// Token delivery (issue 19; PRODUCT.md /admin/distribution): the token, and distributions that freeze
// the buyers' balances with their wallets, with a multisend CSV and Merkle proofs for a claim contract.
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Distribution } from '@/contracts/distribution';
import { QueryView } from '@/web/components/query-view';
import { SectionCard } from '@/web/components/section-card';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { merkleUrl, multisendUrl, useDeliveryOverview, useDistribution, useOpenDistribution } from '@/web/api/admin/distribution';
import { AdminPage } from '@/web/features/back-office/components/admin-page';
import { Can } from '@/web/features/back-office/components/can';
import { TokenDeliveryForm } from '@/web/features/back-office/components/token-delivery-form';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const LINK = 'text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline';

function Buyers({ id }: { id: number }) {
  const { data, isError } = useDistribution(id);
  return (
    <QueryView data={data} isError={isError} errorText="The distribution's buyers could not be loaded." loadingLabel="Loading the buyers" skeletonClassName="h-32 w-full">
      {(detail) => (
        <Table aria-label={`Buyers of distribution ${id}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Buyer</TableHead>
              <TableHead className="text-right">Tokens</TableHead>
              <TableHead>Wallet</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.rows.map((r) => (
              <TableRow key={r.userId}>
                <TableCell className="break-all">{r.email}</TableCell>
                <TableCell className="text-right tabular-nums">{formatAmount(r.tokens)}</TableCell>
                <TableCell className="font-mono text-xs break-all">{r.wallet ?? <span className="text-destructive font-sans font-medium">missing</span>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryView>
  );
}

function DistributionItem({ d }: { d: Distribution }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="grid gap-2 rounded-md border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Distribution {d.id}</h3>
        <span className="text-muted-foreground text-sm">
          {formatDateTime(d.openedAt)}
          {d.openedBy ? ` by ${d.openedBy}` : ''} · ledger entries {d.fromSeq + 1}–{d.upToSeq}
        </span>
      </div>
      <p className="text-sm">
        {d.buyers} {d.buyers === 1 ? 'buyer' : 'buyers'}, {formatAmount(d.totalTokens)} tokens;{' '}
        {d.missingWallets > 0 ? <strong className="text-destructive font-medium">{d.missingWallets} without a wallet</strong> : 'every buyer has a wallet'}; {formatAmount(d.deliverableTokens)} to deliver
        ({d.decimals} decimals{d.chainId ? `, chain ${d.chainId}` : ''}).
      </p>
      {d.merkleRoot ? (
        <p className="text-xs">
          <span className="text-muted-foreground">Merkle root: </span>
          <code className="font-mono break-all">{d.merkleRoot}</code>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <a href={multisendUrl(d.id)} download className={LINK}>
          <Download className="size-4" aria-hidden /> Multisend CSV
        </a>
        <a href={merkleUrl(d.id)} download className={LINK}>
          <Download className="size-4" aria-hidden /> Merkle proofs (JSON)
        </a>
        <Button type="button" variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide buyers' : 'Show buyers'}
        </Button>
      </div>
      {open ? <Buyers id={d.id} /> : null}
    </li>
  );
}

export function Component() {
  useDocumentTitle('Distribution');
  const { data, isError } = useDeliveryOverview();
  const openOne = useOpenDistribution();
  return (
    <AdminPage title="Distribution" description="Where buyers' tokens go: freeze their balances with the wallets they gave, then send with a multisend tool or publish the Merkle root to a claim contract.">
      <QueryView data={data} isError={isError} errorText="The distribution could not be loaded." loadingLabel="Loading the distribution" skeletonClassName="h-96">
        {(overview) => (
          <>
            <SectionCard title="Token" description="Balances become base units with these decimals in the files below.">
              <Can need="manage">
                <TokenDeliveryForm token={overview.token} />
              </Can>
            </SectionCard>
            <SectionCard
              title="Distributions"
              description="Opening one freezes every buyer's tokens credited since the last one, with their wallet at that moment. Orders approved later go to the next."
            >
              <p className="text-sm">
                {overview.saleOver
                  ? `${formatAmount(overview.undistributedTokens)} tokens credited and not yet in a distribution.`
                  : 'A distribution can be opened once the sale has ended or sold out.'}
              </p>
              <Can need="manage">
                <div>
                  <Button
                    type="button"
                    disabled={!overview.saleOver || overview.undistributedTokens === '0' || openOne.isPending}
                    onClick={() =>
                      openOne.mutate(undefined, {
                        onSuccess: () => toast.success('Distribution opened'),
                        onError: (e) => toast.error(errorMessage(e, 'The distribution could not be opened.')),
                      })
                    }
                  >
                    {openOne.isPending ? <Spinner /> : null}
                    Open a distribution
                  </Button>
                </div>
              </Can>
              {overview.distributions.length === 0 ? (
                <p className="text-muted-foreground text-sm">No distribution yet.</p>
              ) : (
                <ul className="grid gap-3">
                  {overview.distributions.map((d) => (
                    <DistributionItem key={d.id} d={d} />
                  ))}
                </ul>
              )}
            </SectionCard>
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
