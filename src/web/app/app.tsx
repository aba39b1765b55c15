import { startTransition, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Analytics } from '@/web/features/consent/components/analytics';
import { AppProvider } from './provider';
import { router } from './router';

function useRouterPathname(): string {
  return useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.location.pathname,
  );
}

export function App() {
  const pathname = useRouterPathname();
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <Analytics pathname={pathname} />
    </AppProvider>
  );
}

export function mount(root: HTMLElement): void {
  // As a transition, React renders in slices and keeps the main thread free for input.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
