import { useQuery } from '@tanstack/react-query';
import type { Order } from '@/contracts/orders';
import { apiGet } from '@/web/lib/api-client';

export const ordersQueryKey = ['orders'] as const;

export const getOrders = () => apiGet<{ orders: Order[] }>('/api/orders');

/** The signed-in buyer's own orders, newest first as the server sends them. */
export function useOrders() {
  return useQuery({ queryKey: ordersQueryKey, queryFn: getOrders, select: (d) => d.orders });
}
