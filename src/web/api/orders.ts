import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreditBasis, ExcessBody, OrderStatus } from '@/contracts/orders';
import { saleQueryKey } from '@/web/api/first-screen';
import { adminUsersKey } from '@/web/api/users';
import { myTermsQueryKey } from '@/web/api/terms';
import { myCountryQueryKey } from '@/web/api/eligibility';
import { myIdentityQueryKey } from '@/web/api/identity';
import { apiCall, type ApiRequest, type ApiResponse, queryKeyOf, urlOf } from '@/web/lib/api-client';

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

/** The list's key; each order's key extends it, so invalidating it without `exact` covers them too. */
export const ordersQueryKey = queryKeyOf('GET /api/orders');

export const getOrders = () => apiCall('GET /api/orders');

/** The signed-in buyer's own orders, newest first as the server sends them. */
export function useOrders() {
  return useQuery({ queryKey: ordersQueryKey, queryFn: getOrders, select: (d) => d.orders });
}

export interface CreateOrderInput {
  body: CreateOrderBody;
  /** One key per payment dialog: a repeated Confirm returns the same order instead of a second one. */
  idempotencyKey: string;
}

export const createOrder = ({ body, idempotencyKey }: CreateOrderInput) => apiCall('POST /api/orders', { body, headers: { 'Idempotency-Key': idempotencyKey } });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
      // The order counts toward the identity threshold (decision 041).
      void queryClient.invalidateQueries({ queryKey: myIdentityQueryKey });
    },
    // A refusal may be for terms published since the page loaded: Buy Token then asks to accept them.
    // Or for the buyer's country or the identity threshold (issue 34): Buy Token then says why, or asks for it.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: myTermsQueryKey });
      void queryClient.invalidateQueries({ queryKey: myCountryQueryKey });
      void queryClient.invalidateQueries({ queryKey: myIdentityQueryKey });
    },
  });
}

export const attachTxHash = (orderToken: string, txHash: string) => apiCall('POST /api/orders/:orderToken/tx-hash', { params: { orderToken }, body: { txHash } });

export function useAttachTxHash(orderToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (txHash: string) => attachTxHash(orderToken, txHash),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
    },
  });
}

export const leaderboardQueryKey = queryKeyOf('GET /api/leaderboard');

export const getLeaderboard = () => apiCall('GET /api/leaderboard');

/** The top buyers by approved deposits, e-mails masked by the server. */
export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard, refetchInterval: 30_000, select: (d) => d.rows });
}

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
