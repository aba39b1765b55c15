import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf } from '@/web/lib/api-client';
import { listenToEvents } from '@/web/lib/event-stream';
import { meQueryKey, saleQueryKey } from '@/web/api/first-screen';

/**
 * Listens to /api/events and refetches what changed: the sale's figures for everyone, and the
 * buyer's own orders and balance. Polling (the queries' own intervals) covers the time the
 * stream is down.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToEvents({
        sale: () => void queryClient.invalidateQueries({ queryKey: saleQueryKey }),
        order: () => {
          // The list and every order under it.
          void queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/orders') });
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        },
      }),
    [queryClient],
  );
}
