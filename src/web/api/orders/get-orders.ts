import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

/** The list's key; each order's key extends it, so invalidating it without `exact` covers them too. */
export const ordersQueryKey = queryKeyOf('GET /api/orders');

export const getOrders = () => apiCall('GET /api/orders');

/** The signed-in buyer's own orders, newest first as the server sends them. */
export function useOrders() {
  return useQuery({ queryKey: ordersQueryKey, queryFn: getOrders, select: (d) => d.orders });
}
