import { lazy, Suspense } from 'react';
import { useContent, useCurrentDraw, useSale } from '@/web/api/first-screen';
import { useLiveUpdates } from '@/web/hooks/use-live-updates';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useHashScroll } from '../hooks/use-hash-scroll';
import { Faq } from './faq';
import { PresaleCard } from './presale-card';
import { PublicLayout } from './public-layout';
import { Rewards } from './rewards';
import { TokenDetails } from './token-details';
import { Tokenomics } from './tokenomics';

/** Only while an operator's draw is shown, below the fold: its code loads then. */
const PrizeDraw = lazy(() => import('./prize-draw'));

/** The landing page (PRODUCT.md §3). It uses no router, so it renders with or without one. */
export function LandingPage() {
  useDocumentTitle('Official Presale');
  useLiveUpdates();
  const { data: sale } = useSale();
  const { data: content } = useContent();
  const { data: current } = useCurrentDraw();
  // Sections change height as their data arrives: scroll to the hash once both are in.
  useHashScroll(Boolean(sale && content));

  return (
    <PublicLayout>
      <div id="top" className="from-primary/10 scroll-mt-20 bg-gradient-to-b to-transparent">
        <div className="mx-auto flex max-w-6xl justify-center px-4 py-12 sm:py-20">
          <PresaleCard heading={content?.heroHeading} subheading={content?.heroSubheading} />
        </div>
      </div>
      <TokenDetails sale={sale} />
      <Rewards sale={sale} perks={content?.perks} />
      {current?.draw ? (
        <Suspense fallback={null}>
          <PrizeDraw draw={current.draw} />
        </Suspense>
      ) : null}
      <Tokenomics slices={content?.tokenomics} />
      <Faq items={content?.faq} />
    </PublicLayout>
  );
}
