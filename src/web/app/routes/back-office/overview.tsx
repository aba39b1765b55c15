// Back-office overview (issue 16): how the sale is going, per day, from the same sums as the public
// /transparency page. Recharts is loaded with this page only.
import { useState } from 'react';
import type { Overview } from '@/contracts/transparency';
import { ApprovedSumsTable } from '@/web/components/approved-sums-table';
import { QueryView } from '@/web/components/query-view';
import { SectionCard } from '@/web/components/section-card';
import { StatCard } from '@/web/components/stat-card';
import { Button } from '@/web/components/ui/button';
import { useOverview } from '@/web/api/transparency';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { BuyersChart, OrdersChart, StagesChart, TokensChart, UsdChart } from '@/web/features/back-office/overview/overview-charts';
import { formatAmount, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const RANGES: { value: Overview['range']; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'sale', label: 'Whole sale' },
];

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** Minutes as "45 min", "3.5 h" or "2.1 days". */
function duration(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 90) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} days`;
}

function Figures({ overview }: { overview: Overview }) {
  const { funnel, approvalMinutes } = overview;
  const raised = overview.perCrypto.reduce((sum, c) => sum + Number(c.usdAmount), 0);
  const tokens = overview.perCrypto.reduce((sum, c) => sum + Number(c.tokens), 0);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard title="USD raised">
        <p className="text-2xl font-semibold tabular-nums">{formatUsd(raised.toFixed(2))}</p>
      </StatCard>
      <StatCard title="Tokens sold">
        <p className="text-2xl font-semibold tabular-nums">{formatAmount(String(tokens))}</p>
      </StatCard>
      <StatCard title="Registered → ordered → approved">
        <p className="text-2xl font-semibold tabular-nums">
          {funnel.registered} → {funnel.ordered} → {funnel.approved}
        </p>
        <p className="text-muted-foreground text-xs">
          {percent(funnel.ordered, funnel.registered)} ordered, {percent(funnel.approved, funnel.registered)} approved, of buyers registered in the range
        </p>
      </StatCard>
      <StatCard title="Order to approval">
        <p className="text-2xl font-semibold tabular-nums">{duration(approvalMinutes.median)}</p>
        <p className="text-muted-foreground text-xs">
          median of {approvalMinutes.orders} {approvalMinutes.orders === 1 ? 'order' : 'orders'}; 90% within {duration(approvalMinutes.p90)}
        </p>
      </StatCard>
    </div>
  );
}

export function Component() {
  useDocumentTitle('Overview');
  const [range, setRange] = useState<Overview['range']>('30d');
  const { data, isError } = useOverview(range);
  return (
    <AdminPage
      title="Overview"
      description={
        <>
          Approved orders by day of approval (UTC), from the same sums as the public{' '}
          <a href={paths.transparency} className="text-primary underline underline-offset-4">
            Transparency
          </a>{' '}
          page.
        </>
      }
      actions={
        <div role="group" aria-label="Range" className="flex gap-1">
          {RANGES.map((r) => (
            <Button key={r.value} type="button" size="sm" variant={range === r.value ? 'default' : 'outline'} aria-pressed={range === r.value} onClick={() => setRange(r.value)}>
              {r.label}
            </Button>
          ))}
        </div>
      }
    >
      <QueryView data={data} isError={isError} errorText="The overview could not be loaded." loadingLabel="Loading the overview" skeletonClassName="h-96 w-full">
        {(overview) => (
          <>
            <Figures overview={overview} />
            <div className="grid gap-4 xl:grid-cols-2">
              <SectionCard title="Tokens sold per day" description="By currency.">
                <TokensChart overview={overview} />
              </SectionCard>
              <SectionCard title="USD raised per day" description="Valued at each order's approval, by currency.">
                <UsdChart overview={overview} />
              </SectionCard>
              <SectionCard title="Orders per day" description="By the day they were made, in their status now.">
                <OrdersChart overview={overview} />
              </SectionCard>
              <SectionCard title="New buyers per day">
                <BuyersChart overview={overview} />
              </SectionCard>
            </div>
            <SectionCard title="Per stage" description="Approved orders' tokens and USD in each stage, at the stage's own price.">
              <StagesChart overview={overview} />
            </SectionCard>
            <SectionCard title="Per currency">
              <ApprovedSumsTable rows={overview.perCrypto} empty="No order was approved in this range." />
            </SectionCard>
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
