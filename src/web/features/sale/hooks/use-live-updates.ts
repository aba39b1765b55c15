import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saleQueryKey } from '../api/get-sale';

/**
 * Listens to /api/events and refetches what changed: the sale's figures for everyone, and the
 * buyer's own orders and balance. Polling (the queries' own intervals) covers the time the
 * stream is down; EventSource reconnects by itself.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const onSale = () => void queryClient.invalidateQueries({ queryKey: saleQueryKey });
    const onOrder = () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    };
    source.addEventListener('sale', onSale);
    source.addEventListener('order', onOrder);
    return () => source.close();
  }, [queryClient]);
}
