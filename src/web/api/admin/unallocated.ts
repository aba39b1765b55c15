import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saleQueryKey } from '@/web/api/sale/get-sale';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';
import { adminOrdersKey } from './orders';
import { adminUsersKey } from './users';

export const unallocatedKey = queryKeyOf('GET /api/admin/payments/unallocated');

/** Deposits no order holds; the watcher may add one at any tick. */
export function useUnallocatedDeposits() {
  return useQuery({ queryKey: unallocatedKey, queryFn: () => apiCall('GET /api/admin/payments/unallocated'), refetchInterval: 15_000, select: (d) => d.deposits });
}

export function useDismissDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => apiCall('POST /api/admin/payments/unallocated/:id/dismiss', { params: { id }, body: { note } }),
    onSuccess: (data) => queryClient.setQueryData(unallocatedKey, data),
  });
}

/** Makes an approved order for the buyer from a deposit, at today's rate. */
export function useOrderFromDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note, overrideHardCap }: { id: number; note: string; overrideHardCap: boolean }) =>
      apiCall('POST /api/admin/payments/unallocated/:id/order', { params: { id }, body: { note, overrideHardCap } }),
    onSuccess: async (data) => {
      queryClient.setQueryData(unallocatedKey, { deposits: data.deposits });
      await queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
    },
  });
}
