// The landing page as a document of its own. It is the page most visitors open first, and the
// router alone would be over a quarter of its script budget (bench P3): so it boots without the
// router, and its links to other pages are ordinary links that load them as new documents.
import { contentQueryKey, getContent, getMe, getSale, meQueryKey, saleQueryKey } from '@/web/api/first-screen';
import { Analytics } from '@/web/features/consent/components/analytics';
import { LandingPage } from '@/web/features/landing/components/landing-page';
import { paths } from '@/web/lib/paths';
import { createQueryClient, mountApp } from './provider';

// The figures were requested before this code loaded (main.tsx) and are usually in by now. The
// first render waits for them a moment, so the page does not jump from skeletons to figures.
const WAIT_FOR_DATA_MS = 1000;

export function mount(root: HTMLElement): void {
  const queryClient = createQueryClient();
  // A failure here is not the page's: the page's own queries show it or try again.
  const firstData = Promise.allSettled([
    queryClient.query({ queryKey: saleQueryKey, queryFn: getSale }),
    queryClient.query({ queryKey: contentQueryKey, queryFn: getContent }),
    queryClient.query({ queryKey: meQueryKey, queryFn: getMe }),
  ]);
  const render = () =>
    mountApp(
      root,
      <>
        <LandingPage />
        <Analytics pathname={paths.home} />
      </>,
      queryClient,
    );
  void Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_DATA_MS))]).then(render);
}
