import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToEvents } from '@/web/lib/event-stream';
import { saleQueryKey } from '@/web/api/sale/get-sale';

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
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          void queryClient.invalidateQueries({ queryKey: ['me'] });
        },
      }),
    [queryClient],
  );
}
