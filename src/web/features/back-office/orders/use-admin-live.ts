import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToEvents } from '@/web/lib/event-stream';
import { adminOrdersKey } from '@/web/api/orders';

/** New and changed orders appear at once: /api/events tells operators about every order. */
export function useAdminLiveOrders(): void {
  const queryClient = useQueryClient();
  useEffect(() => listenToEvents({ 'admin-order': () => void queryClient.invalidateQueries({ queryKey: adminOrdersKey }) }), [queryClient]);
}
