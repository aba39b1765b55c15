import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody } from '@/contracts/orders';
import { apiCall } from '@/web/lib/api-client';
import { orderQueryKey } from './get-order';
import { ordersQueryKey } from './get-orders';

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
    },
  });
}
