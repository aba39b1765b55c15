// Token delivery (issue 19; PRODUCT.md /admin/distribution): the token; buyers' wallet changes after
// the sale; distributions that freeze the buyers' balances with their wallets, with a multisend CSV
// and Merkle proofs for a claim contract; and the deliveries recorded against them.
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Distribution } from '@/contracts/distribution';
import { QueryView } from '@/web/components/query-view';
import { SectionCard } from '@/web/components/section-card';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { merkleUrl, multisendUrl, useDeliveryOverview, useDistribution, useOpenDistribution, useWalletChanges } from '@/web/api/distribution';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { Can } from '@/web/features/back-office/shell/can';
import { ClaimForm } from '@/web/features/back-office/distribution/claim-form';
import { DeliveryImportForm } from '@/web/features/back-office/distribution/delivery-import-form';
import { DistributionBuyers } from '@/web/features/back-office/distribution/distribution-buyers';
import { TokenDeliveryForm } from '@/web/features/back-office/distribution/token-delivery-form';
import { WalletChanges } from '@/web/features/back-office/distribution/wallet-changes';
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
        <div className="grid gap-4">
          <DistributionBuyers detail={detail} />
          <Can need="manage">
            <DeliveryImportForm distributionId={id} />
          </Can>
        </div>
      )}
    </QueryView>
  );
}

function DistributionItem({ d }: { d: Distribution }) {
  const [open, setOpen] = useState(false);
  const withWallet = d.buyers - d.missingWallets;
  return (
    <li className="grid min-w-0 gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Distribution {d.id}</h3>
        <span className="text-muted-foreground text-sm">
          {formatDateTime(d.openedAt)}
          {d.openedBy ? ` by ${d.openedBy}` : ''} · {d.upToSeq > d.fromSeq ? `ledger entries ${d.fromSeq + 1}–${d.upToSeq}` : 'no new ledger entries'}
        </span>
      </div>
      <p className="text-sm">
        {d.buyers} {d.buyers === 1 ? 'buyer' : 'buyers'}, {formatAmount(d.totalTokens)} tokens
        {d.carriedTokens !== '0' ? ` (${formatAmount(d.carriedTokens)} carried from earlier distributions)` : ''};{' '}
        {d.missingWallets > 0 ? <strong className="text-destructive font-medium">{d.missingWallets} without a wallet</strong> : 'every buyer has a wallet'}; {formatAmount(d.deliverableTokens)} to deliver
        ({d.decimals} decimals{d.chainId ? `, chain ${d.chainId}` : ''}). Delivered: {d.delivered} of {withWallet}.
      </p>
      {d.merkleRoot ? (
        <p className="text-xs">
          <span className="text-muted-foreground">Merkle root: </span>
          <code className="font-mono break-all">{d.merkleRoot}</code>
        </p>
      ) : null}
      {d.claim ? (
        <p className="text-xs">
          <span className="text-muted-foreground">Claim contract: </span>
          <code className="font-mono break-all">{d.claim.contract}</code>
          {d.claim.claimUrl ? <span className="break-all"> · {d.claim.claimUrl}</span> : null}
          <span className="text-muted-foreground">
            {' '}
            · published {formatDateTime(d.claim.publishedAt)}
            {d.claim.publishedBy ? ` by ${d.claim.publishedBy}` : ''}
          </span>
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
      {d.merkleRoot && !d.claim ? (
        <Can need="manage">
          <ClaimForm distributionId={d.id} />
        </Can>
      ) : null}
      {open ? <Buyers id={d.id} /> : null}
    </li>
  );
}

function WalletChangesSection() {
  const { data, isError } = useWalletChanges();
  if (data && data.changes.length === 0) return null;
  return (
    <SectionCard title="Wallet changes" description="After the sale ends, a buyer's change of a wallet already given waits here. The buyer is told by e-mail when you decide.">
      <QueryView data={data} isError={isError} errorText="The wallet changes could not be loaded." loadingLabel="Loading the wallet changes" skeletonClassName="h-24 w-full">
        {(list) => <WalletChanges changes={list.changes} />}
      </QueryView>
    </SectionCard>
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
            <WalletChangesSection />
            <SectionCard
              title="Distributions"
              description="Opening one freezes every buyer's tokens credited since the last one, with their wallet at that moment. Orders approved later go to the next; so do the tokens of buyers who were missing a wallet, once they give one."
            >
              <p className="text-sm">
                {overview.saleOver
                  ? `${formatAmount(overview.undistributedTokens)} tokens credited and not yet in a distribution${overview.carryableTokens !== '0' ? `; ${formatAmount(overview.carryableTokens)} tokens to carry from earlier distributions` : ''}.`
                  : 'A distribution can be opened once the sale has ended or sold out.'}
                {overview.pendingWalletChanges > 0 ? ` ${overview.pendingWalletChanges} wallet ${overview.pendingWalletChanges === 1 ? 'change waits' : 'changes wait'} for a decision.` : ''}
              </p>
              <Can need="manage">
                <div>
                  <Button
                    type="button"
                    disabled={!overview.saleOver || (overview.undistributedTokens === '0' && overview.carryableTokens === '0') || openOne.isPending}
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
