import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { Analytics } from '@/web/features/consent/components/analytics';
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
  mountApp(root, <RouterApp />);
}
