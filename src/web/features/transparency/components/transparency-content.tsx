// /transparency (issue 16): the sale's figures as anyone can check them. Every number here comes
// from the server's database, summed from approved orders; the ledger's head and daily heads let a
// visitor who saved one notice if history was rewritten, and the check below recomputes the chain.
import { Download, ExternalLink } from 'lucide-react';
import type { Transparency } from '@/contracts/transparency';
import { ApprovedSumsTable } from '@/web/components/approved-sums-table';
import { QueryView } from '@/web/components/query-view';
import { SectionCard } from '@/web/components/section-card';
import { StatCard } from '@/web/components/stat-card';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ledgerJsonUrl, ordersCsvUrl, useTransparency } from '@/web/api/transparency';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { ApprovedOrders } from './approved-orders';
import { LedgerCheck } from './ledger-check';
import { PrizeDraws } from './prize-draws';
import { StagesTable } from './stages-table';

function Totals({ data }: { data: Transparency }) {
  const { totals, token } = data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard title="Raised">
        <p className="text-2xl font-semibold tabular-nums">{formatUsd(totals.raisedUsd)}</p>
      </StatCard>
      <StatCard title="Tokens sold">
        <p className="text-2xl font-semibold tabular-nums">
          {formatAmount(totals.tokensSold)} <span className="text-muted-foreground text-base font-normal">{token.symbol}</span>
        </p>
      </StatCard>
      <StatCard title="Bonus tokens">
        <p className="text-2xl font-semibold tabular-nums">{formatAmount(totals.bonusTokens)}</p>
      </StatCard>
      <StatCard title="Referral rewards">
        <p className="text-2xl font-semibold tabular-nums">{formatAmount(totals.referralTokens)}</p>
        <p className="text-muted-foreground text-xs">Taken from the stages&apos; allocation, like tokens sold.</p>
      </StatCard>
      <StatCard title="Campaign rewards">
        <p className="text-2xl font-semibold tabular-nums">{formatAmount(totals.campaignTokens)}</p>
        <p className="text-muted-foreground text-xs">Campaign codes&apos; buyer bonus and referrer rewards, from the stages&apos; allocation.</p>
      </StatCard>
      <StatCard title="Refunds">
        <p className="text-2xl font-semibold tabular-nums">
          {formatAmount(totals.refunds.tokens)} <span className="text-muted-foreground text-base font-normal">{totals.refunds.orders === 1 ? 'from 1 order' : `from ${totals.refunds.orders} orders`}</span>
        </p>
        <p className="text-muted-foreground text-xs">Orders withdrawn by their buyers and refunded: their tokens are not in Tokens sold (purchases less refunds) and went back to their stages.</p>
      </StatCard>
      <StatCard title="Approved orders">
        <p className="text-2xl font-semibold tabular-nums">
          {totals.orders} <span className="text-muted-foreground text-base font-normal">from {totals.buyers === 1 ? '1 buyer' : `${totals.buyers} buyers`}</span>
        </p>
      </StatCard>
    </div>
  );
}

function HowVerified({ data }: { data: Transparency }) {
  const automatic = data.verification.filter((v) => v.automatic).map((v) => v.name);
  const manual = data.verification.filter((v) => !v.automatic).map((v) => v.name);
  return (
    <div className="grid gap-2 text-sm">
      <p>The figures on this page change only when an order is approved. Pending, expired and rejected orders count nowhere.</p>
      {automatic.length > 0 ? (
        <p>
          <strong className="font-medium">Detected on the chain:</strong> {automatic.join(', ')}. Each buyer pays to a deposit address of their own; the server reads the chain and approves a
          payment once it has its confirmations (large payments wait for an operator).
        </p>
      ) : null}
      {manual.length > 0 ? (
        <p>
          <strong className="font-medium">Checked by an operator:</strong> {manual.join(', ')}. Buyers pay to the sale&apos;s wallet address below and attach their transaction; an operator checks
          it on the chain before approving.
        </p>
      ) : null}
    </div>
  );
}

function Addresses({ data }: { data: Transparency }) {
  if (data.addresses.length === 0 && data.derived.length === 0) return <p className="text-muted-foreground text-sm">No currency is offered yet.</p>;
  return (
    <div className="grid gap-3">
      {data.addresses.length > 0 ? (
        <ul className="grid gap-2">
          {data.addresses.map((a) => (
            <li key={a.code} className="grid gap-0.5 text-sm">
              <span className="font-medium">{a.name}</span>
              {a.explorerUrl ? (
                <a href={a.explorerUrl} target="_blank" rel="noreferrer noopener" className="text-primary inline-flex items-center gap-1 font-mono text-xs break-all underline-offset-4 hover:underline">
                  {a.address}
                  <ExternalLink className="size-3 shrink-0" aria-hidden />
                  <span className="sr-only">(opens the explorer)</span>
                </a>
              ) : (
                <span className="font-mono text-xs break-all">{a.address}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {data.derived.map((d) => (
        <p key={d.family} className="text-sm">
          {d.cryptos.length > 0 ? `${d.cryptos.join(', ')}: ` : ''}
          each buyer has a deposit address of their own; {d.addressesHandedOut === 1 ? '1 address has' : `${d.addressesHandedOut} addresses have`} been handed out on EVM chains.
        </p>
      ))}
    </div>
  );
}

function Ledger({ data }: { data: Transparency }) {
  const { head } = data.ledger;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 text-sm">
        <p>
          <span className="text-muted-foreground">Entries:</span> <span className="tabular-nums">{head.seq}</span>
          <span className="text-muted-foreground"> · tokens credited:</span> <span className="tabular-nums">{formatAmount(data.ledger.total)}</span>
        </p>
        <div className="flex items-center gap-2">
          <span className="text-muted-foreground">Head:</span>
          <code className="min-w-0 font-mono text-xs break-all" data-testid="ledger-head">
            {head.seq}:{head.hash}
          </code>
          <CopyButton value={`${head.seq}:${head.hash}`} label="Copy the head" />
        </div>
      </div>
      {data.dailyHeads.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Daily heads ({data.dailyHeads.length})</summary>
          <Table className="mt-2">
            <TableHeader>
              <TableRow>
                <TableHead>Day (UTC)</TableHead>
                <TableHead>Head</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.dailyHeads.map((h) => (
                <TableRow key={h.day}>
                  <TableCell className="whitespace-nowrap">{h.day}</TableCell>
                  <TableCell className="font-mono text-xs break-all" title={`Recorded ${formatDateTime(h.recordedAt)}`}>
                    {h.seq}:{h.hash}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      ) : null}
      <LedgerCheck />
    </div>
  );
}

const DOWNLOAD_CLASS = 'text-primary inline-flex items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline';

export function TransparencyContent() {
  const { data, isError } = useTransparency();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Transparency</h1>
        <p className="text-muted-foreground max-w-3xl">
          Every figure of the sale is summed from approved orders. Check them: each payment links to its transaction on the network, and the ledger that credits buyers is hash-chained,
          so a change to history would show.
        </p>
      </div>
      <QueryView data={data} isError={isError} errorText="The sale's figures could not be loaded. Reload the page to try again." loadingLabel="Loading the sale's figures" skeletonClassName="h-96 w-full">
        {(data) => (
          <>
            <Totals data={data} />
            <SectionCard title="Per currency" description="What each currency's approved orders paid and bought, valued in USD at their approval.">
              <ApprovedSumsTable rows={data.perCrypto} empty="No order has been approved yet." />
            </SectionCard>
            <SectionCard title="Stages" description="Each stage's price and allocation, and the tokens approved orders bought in it.">
              <StagesTable stages={data.stages} symbol={data.token.symbol} />
            </SectionCard>
            <SectionCard title="How payments are verified">
              <HowVerified data={data} />
            </SectionCard>
            <SectionCard title="Receiving addresses" description="Where buyers pay. Look them up on the network's explorer.">
              <Addresses data={data} />
            </SectionCard>
            <SectionCard
              title="Approved orders"
              description={
                <span className="flex flex-wrap gap-x-4 gap-y-1">
                  <span>Newest first. Buyers are masked as on the leaderboard.</span>
                  <a href={ordersCsvUrl} download className={DOWNLOAD_CLASS}>
                    <Download className="size-4" aria-hidden />
                    Download CSV
                  </a>
                  <a href={ledgerJsonUrl} download className={DOWNLOAD_CLASS}>
                    <Download className="size-4" aria-hidden />
                    Download JSON
                  </a>
                </span>
              }
            >
              <ApprovedOrders />
            </SectionCard>
            <SectionCard
              title="Ledger"
              description={
                <>
                  Each entry hashes the one before it. Save the head; later, check it is still in the chain, here or with <code className="font-mono">npm run verify-ledger -- ledger.json</code>.
                </>
              }
            >
              <Ledger data={data} />
            </SectionCard>
            <PrizeDraws />
          </>
        )}
      </QueryView>
    </div>
  );
}
