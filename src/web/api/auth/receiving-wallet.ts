import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceivingWalletBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

/** Saves where the buyer's tokens go (or, after the sale, asks to); the answer is the buyer as they now are. */
export function useSetReceivingWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceivingWalletBody) => apiCall('PUT /api/me/wallet', { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Withdraws the buyer's request to change their wallet. */
export function useWithdrawWalletRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('DELETE /api/me/wallet-request'),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
