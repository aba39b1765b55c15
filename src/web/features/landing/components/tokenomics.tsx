import { lazy, Suspense } from 'react';
import type { Content } from '@/contracts/content';
import { withUnallocated } from '@/domain/tokenomics';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatAmount } from '@/web/lib/format';
import { Section } from './section';

// The chart library is large: it loads only when there is a distribution to draw.
const TokenomicsChart = lazy(() => import('./tokenomics-chart'));

export const SLICE_COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--primary)', 'var(--muted-foreground)'];

export function Tokenomics({ slices }: { slices: Content['tokenomics'] | undefined }) {
  if (slices === undefined) {
    return (
      <Section id="tokenomic" title="Tokenomics">
        <Skeleton className="mx-auto h-64 max-w-xl" />
      </Section>
    );
  }
  if (slices.length === 0) {
    return (
      <Section id="tokenomic" title="Tokenomics">
        <p className="text-muted-foreground text-center">The token distribution has not been published yet.</p>
      </Section>
    );
  }
  const data = withUnallocated(slices).map((s, i) => ({ ...s, color: s.label === 'Unallocated' ? 'var(--muted)' : (SLICE_COLORS[i % SLICE_COLORS.length] ?? 'var(--primary)') }));
  return (
    <Section id="tokenomic" title="Tokenomics">
      <div className="mx-auto grid max-w-4xl items-center gap-8 md:grid-cols-2">
        <Suspense fallback={<Skeleton className="mx-auto aspect-square w-full max-w-xs rounded-full" />}>
          <TokenomicsChart data={data} />
        </Suspense>
        <ul className="grid gap-2" aria-label="Token distribution">
          {data.map((s) => (
            <li key={s.label} className="flex items-center gap-3 rounded-md border p-3">
              <span aria-hidden className="size-3 shrink-0 rounded-full border" style={{ background: s.color }} />
              <span className="flex-1">{s.label}</span>
              <span className="font-semibold tabular-nums">{formatAmount(s.percent, 2)}%</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
