import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { Analytics } from '@/web/features/consent/components/analytics';
import { setClassMerge } from '@/web/lib/utils';
import { mountApp } from './provider';
import { router } from './router';

function useRouterPathname(): string {
  return useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.location.pathname,
  );
}

function RouterApp() {
  const pathname = useRouterPathname();
  return (
    <>
      <RouterProvider router={router} />
      <Analytics pathname={pathname} />
    </>
  );
}

export function mount(root: HTMLElement): void {
  // The app's pages override the primitives' classes freely; the landing page does not (lib/utils).
  setClassMerge(twMerge);
  // Mounted once the first page's route module is there (main.tsx started loading it): until then
  // the router would render its empty fallback over what the document shows, the boot mark or the
  // page prerendered (decision 018).
  whenInitialized(() => mountApp(root, <RouterApp />));
}

function whenInitialized(run: () => void): void {
  if (router.state.initialized) {
    run();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    run();
  });
}
