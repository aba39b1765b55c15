import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditBasis, ExcessBody, OrderStatus } from '@/contracts/orders';
import { saleQueryKey } from '@/web/api/sale/get-sale';
import { apiCall, type ApiRequest, type ApiResponse, queryKeyOf, urlOf } from '@/web/lib/api-client';
import { adminUsersKey } from './users';

type AdminOrdersWireQuery = NonNullable<ApiRequest<'GET /api/admin/orders'>['query']>;

/** The table's state: the server's query, with 'all' for no status filter. */
export interface OrdersQuery {
  status: OrderStatus | 'all';
  page: number;
  pageSize: number;
  sort: NonNullable<AdminOrdersWireQuery['sort']>;
  dir: NonNullable<AdminOrdersWireQuery['dir']>;
  /** Order id, e-mail or tx hash; empty for every order. */
  q?: string;
}

export type OrdersPage = ApiResponse<'GET /api/admin/orders'>;

export const adminOrdersKey = queryKeyOf('GET /api/admin/orders');

const wireQuery = ({ status, page, pageSize, sort, dir, q }: Pick<OrdersQuery, 'status'> & Partial<OrdersQuery>) => ({
  status: status === 'all' ? undefined : status,
  page,
  pageSize,
  sort,
  dir,
  q: q?.trim(),
});

/** The CSV export of the orders the filters select (every page of them). */
export function ordersCsvUrl(q: Pick<OrdersQuery, 'status' | 'q'>): string {
  const { status, q: search } = wireQuery(q);
  return urlOf('GET /api/admin/orders.csv', { query: { status, q: search } });
}

/** A page of orders, refreshed every 30 s (and at once on live events). */
export function useAdminOrders(q: OrdersQuery) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/orders', { query: wireQuery(q) }),
    queryFn: () => apiCall('GET /api/admin/orders', { query: wireQuery(q) }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export type Decision = 'approve' | 'reject' | 'delete';

export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      orderId,
      decision,
      note,
      overrideHardCap = false,
      credit = 'ordered',
    }: {
      orderId: number;
      decision: Decision;
      note: string;
      overrideHardCap?: boolean;
      credit?: CreditBasis;
    }): Promise<void> => {
      const params = { id: orderId };
      if (decision === 'delete') await apiCall('DELETE /api/admin/orders/:id', { params });
      else if (decision === 'approve') await apiCall('POST /api/admin/orders/:id/approve', { params, body: { note, overrideHardCap, credit } });
      else await apiCall('POST /api/admin/orders/:id/reject', { params, body: { note } });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
    },
  });
}

/** Credits or marks refunded the excess of an overpaid, approved order. */
export function useSettleExcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: ExcessBody }) => apiCall('POST /api/admin/orders/:id/excess', { params: { id: orderId }, body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
    },
  });
}

/** What the chain says about the order's transaction hash, looked up when the drawer shows it. */
export function useTxCheck(orderId: number | null, txHash: string | null) {
  return useQuery({
    queryKey: [...queryKeyOf('GET /api/admin/orders/:id/tx-check', { params: { id: orderId ?? 0 } }), txHash],
    queryFn: () => apiCall('GET /api/admin/orders/:id/tx-check', { params: { id: orderId ?? 0 } }),
    enabled: orderId !== null && txHash !== null,
    staleTime: 15_000,
  });
}
