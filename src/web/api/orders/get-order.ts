import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const orderQueryKey = (orderToken: string) => queryKeyOf('GET /api/orders/:orderToken', { params: { orderToken } });

export const getOrder = (orderToken: string) => apiCall('GET /api/orders/:orderToken', { params: { orderToken } });

const PENDING_POLL_MS = 5000;

/**
 * One of the buyer's orders. While it is pending it is also polled every 5 s, so its status moves
 * on screen even when the event stream is down.
 */
export function useOrder(orderToken: string | null) {
  return useQuery({
    queryKey: orderQueryKey(orderToken ?? ''),
    queryFn: () => getOrder(orderToken ?? ''),
    enabled: Boolean(orderToken),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
