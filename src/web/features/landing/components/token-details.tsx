import { lazy, Suspense } from 'react';
import type { Sale } from '@/contracts/sale';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatAmount, formatDate, formatUsdPrice } from '@/web/lib/format';
import { Section } from './section';

// Only a sale in rounds has a stages table: a sale in one stage does not load it (the landing page's
// script budget, BENCHMARKS.md).
const StagesTable = lazy(() => import('./stages-table'));

export function TokenDetails({ sale }: { sale: Sale | undefined }) {
  const rows: [string, string][] = sale
    ? [
        ['Token name', sale.token.name.toUpperCase()],
        ['Symbol', sale.token.symbol],
        ['Total supply', `${formatAmount(sale.totalSupply)} ${sale.token.symbol}`],
        ['Token price', formatUsdPrice(sale.priceUsd)],
        ['Soft cap', `${formatAmount(sale.softCap)} ${sale.token.symbol}`],
        ['Hard cap', `${formatAmount(sale.hardCap)} ${sale.token.symbol}`],
        // Before an operator saves the schedule there are no dates to show.
        ...(sale.startsAt && sale.endsAt
          ? ([
              ['Presale starts', formatDate(sale.startsAt)],
              ['Presale ends', formatDate(sale.endsAt)],
            ] as [string, string][])
          : ([['Presale dates', 'Opening soon']] as [string, string][])),
        ...(sale.listingAt ? ([['Listing date', formatDate(sale.listingAt)]] as [string, string][]) : []),
      ]
    : [];
  return (
    <Section id="tokendetails" title="Token Details">
      <dl className="mx-auto grid max-w-4xl grid-cols-2 gap-3 lg:grid-cols-3">
        {sale
          ? rows.map(([label, value]) => (
              <div key={label} className="bg-card rounded-lg border p-4">
                <dt className="text-muted-foreground text-sm">{label}</dt>
                <dd className="mt-1 font-semibold break-words sm:text-lg">{value}</dd>
              </div>
            ))
          : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-20" />)}
      </dl>
      {sale && sale.stages.length > 1 ? (
        <Suspense fallback={<Skeleton className="mx-auto mt-8 h-64 max-w-4xl" />}>
          <StagesTable stages={sale.stages} symbol={sale.token.symbol} />
        </Suspense>
      ) : null}
    </Section>
  );
}
