// /transparency as a document of its own (transparency.html): the public frame and the page,
// without the router; its links to other pages load them as new documents.
import { Analytics } from '@/web/features/consent/components/analytics';
import { PublicLayout } from '@/web/features/landing/components/public-layout';
import { TransparencyContent } from '@/web/features/transparency/components/transparency-content';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { contentQueryKey, getContent, getMe, getSale, meQueryKey, saleQueryKey } from '@/web/api/first-screen';
import { getPublicOrders, getTransparency, publicOrdersKey, transparencyKey } from '@/web/api/transparency';
import { createQueryClient, mountApp } from './provider';

function Page() {
  useDocumentTitle('Transparency');
  return (
    <>
      <PublicLayout>
        <TransparencyContent />
      </PublicLayout>
      <Analytics pathname={paths.transparency} />
    </>
  );
}

// The figures were requested before this code loaded (transparency-main.tsx). The first render
// waits for them a moment, as the landing page does, so the page does not jump from skeletons to
// tables.
const WAIT_FOR_DATA_MS = 1000;

export function mount(root: HTMLElement): void {
  const queryClient = createQueryClient();
  // A failure here is not the page's: the page's own queries show it or try again.
  const firstData = Promise.allSettled([
    queryClient.query({ queryKey: transparencyKey, queryFn: getTransparency }),
    queryClient.query({ queryKey: publicOrdersKey(1), queryFn: () => getPublicOrders(1) }),
    queryClient.query({ queryKey: saleQueryKey, queryFn: getSale }),
    queryClient.query({ queryKey: contentQueryKey, queryFn: getContent }),
    queryClient.query({ queryKey: meQueryKey, queryFn: getMe }),
  ]);
  void Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_DATA_MS))]).then(() => mountApp(root, <Page />, queryClient));
}
