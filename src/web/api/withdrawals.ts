// The withdrawal right (decision 040): the buyer's request on the order page, and the back-office's
// setting, list, refund and decline.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineBody, RefundBody, WithdrawalSettingsBody } from '@/contracts/withdrawals';
import { orderQueryKey, ordersQueryKey } from '@/web/api/orders';
import { saleQueryKey } from '@/web/api/first-screen';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

/** The buyer withdraws their approved order: the answer is the order with its request. */
export function useRequestWithdrawal(orderToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST /api/orders/:orderToken/withdrawal', { params: { orderToken }, body: {} }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
    },
    // Refused (e.g. the deadline passed meanwhile): the order says where it stands now.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderToken) }),
  });
}

export const withdrawalsKey = queryKeyOf('GET /api/admin/withdrawals');
const settingsKey = queryKeyOf('GET /api/admin/withdrawals/settings');

export function useWithdrawals() {
  return useQuery({ queryKey: withdrawalsKey, queryFn: () => apiCall('GET /api/admin/withdrawals') });
}

export function useWithdrawalSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiCall('GET /api/admin/withdrawals/settings') });
}

export function useSaveWithdrawalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalSettingsBody) => apiCall('PUT /api/admin/withdrawals/settings', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: withdrawalsKey });
    },
  });
}

function useDecision<B>(call: (id: number, body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) => call(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalsKey });
      void queryClient.invalidateQueries({ queryKey: saleQueryKey });
    },
  });
}

export const useCompleteWithdrawal = () => useDecision((id, body: RefundBody) => apiCall('POST /api/admin/withdrawals/:id/complete', { params: { id }, body }));
export const useDeclineWithdrawal = () => useDecision((id, body: DeclineBody) => apiCall('POST /api/admin/withdrawals/:id/decline', { params: { id }, body }));
