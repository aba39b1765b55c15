import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

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
