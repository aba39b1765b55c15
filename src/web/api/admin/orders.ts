import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, OrderStatus } from '@/contracts/orders';
import { saleQueryKey } from '@/web/api/sale/get-sale';
import { apiDelete, apiGet, apiPost } from '@/web/lib/api-client';

export interface OrdersQuery {
  status: OrderStatus | 'all';
  page: number;
  pageSize: number;
  sort: 'createdAt' | 'tokens' | 'usdAmount' | 'status';
  dir: 'asc' | 'desc';
  /** Order id, e-mail or tx hash; empty for every order. */
  q?: string;
}

export interface OrdersPage {
  orders: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
}

export const adminOrdersKey = ['admin', 'orders'] as const;

export function ordersSearch(q: Pick<OrdersQuery, 'status'> & Partial<OrdersQuery>): string {
  const params = new URLSearchParams();
  if (q.status !== 'all') params.set('status', q.status);
  for (const key of ['page', 'pageSize', 'sort', 'dir'] as const) if (q[key] !== undefined) params.set(key, String(q[key]));
  if (q.q?.trim()) params.set('q', q.q.trim());
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A page of orders, refreshed every 30 s (and at once on live events). */
export function useAdminOrders(q: OrdersQuery) {
  return useQuery({
    queryKey: [...adminOrdersKey, q],
    queryFn: () => apiGet<OrdersPage>(`/api/admin/orders${ordersSearch(q)}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export type Decision = 'approve' | 'reject' | 'delete';

export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, decision, note, overrideHardCap = false }: { orderId: number; decision: Decision; note: string; overrideHardCap?: boolean }): Promise<void> => {
      if (decision === 'delete') await apiDelete<{ ok: true }>(`/api/admin/orders/${orderId}`);
      else await apiPost<AdminOrder>(`/api/admin/orders/${orderId}/${decision}`, decision === 'approve' ? { note, overrideHardCap } : { note });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
    },
  });
}
