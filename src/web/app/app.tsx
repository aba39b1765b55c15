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
  mountApp(root, <RouterApp />);
}
