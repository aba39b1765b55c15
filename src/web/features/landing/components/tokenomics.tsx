import { lazy, Suspense } from 'react';
import type { Content } from '@/contracts/content';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Section } from './section';

// The chart and its legend load only when there is a distribution to show (they bring the
// decimal library, which the rest of the landing page does without).
const TokenomicsDistribution = lazy(() => import('./tokenomics-distribution'));

export function Tokenomics({ slices }: { slices: Content['tokenomics'] | undefined }) {
  return (
    <Section id="tokenomic" title="Tokenomics">
      {slices === undefined ? (
        <Skeleton className="mx-auto h-64 max-w-xl" />
      ) : slices.length === 0 ? (
        <p className="text-muted-foreground text-center">The token distribution has not been published yet.</p>
      ) : (
        <Suspense fallback={<Skeleton className="mx-auto h-64 max-w-xl" />}>
          <TokenomicsDistribution slices={slices} />
        </Suspense>
      )}
    </Section>
  );
}
