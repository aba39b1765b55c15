import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { saleQueryKey } from '@/web/api/first-screen';
import { ToastHost } from '@/web/components/ui/toast-host';
import { ApiError } from '@/web/lib/api-client';
import { ThemeProvider } from '@/web/lib/theme';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (401, 404) are answers, not failures worth retrying.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
      },
    },
  });
  // The sale is read by a page, its frame and the document title, which mount one after another:
  // each would ask again for the figures just fetched, on the way to the page's first paint. The
  // server keeps them 5 s too, and a sale event (use-live-updates) still refreshes them at once.
  client.setQueryDefaults(saleQueryKey, { staleTime: 5_000 });
  return client;
}

/** Theme, queries and toasts. `queryClient` is given when data was fetched before the first render. */
export function AppProvider({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders `page` with the app's providers into `root`, as a transition: React renders it in slices and keeps the main thread free for input. */
export function mountApp(root: HTMLElement, page: ReactNode, queryClient?: QueryClient): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>{page}</AppProvider>
      </StrictMode>,
    ),
  );
}
