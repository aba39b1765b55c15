import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminOrdersKey } from '../api/orders';

/** New and changed orders appear at once: /api/events tells operators about every order. */
export function useAdminLiveOrders(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.addEventListener('admin-order', () => void queryClient.invalidateQueries({ queryKey: adminOrdersKey }));
    return () => source.close();
  }, [queryClient]);
}
