import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/web/lib/api-client';
import { orderQueryKey } from './get-order';
import { ordersQueryKey } from './get-orders';

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
