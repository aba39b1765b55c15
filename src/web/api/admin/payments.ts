import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvmChainBody, PaymentSettings, UtxoKeyBody, UtxoWatcherBody } from '@/contracts/payments';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { LookupNetwork } from '@/domain/networks';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const adminPaymentsKey = queryKeyOf('GET /api/admin/payments');

// The watcher moves the head, the cursor and the last error every 15 s by default.
const WATCHER_POLL_MS = 15_000;

export function useAdminPayments() {
  return useQuery({ queryKey: adminPaymentsKey, queryFn: () => apiCall('GET /api/admin/payments'), refetchInterval: WATCHER_POLL_MS });
}

/** Every change answers the settings as they now are: they replace the cached ones at once. */
function usePaymentsMutation<TVars>(fn: (vars: TVars) => Promise<PaymentSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (settings) => queryClient.setQueryData(adminPaymentsKey, settings) });
}

export const useSetEvmKey = () => usePaymentsMutation((xpub: string) => apiCall('PUT /api/admin/payments/evm-key', { body: { xpub } }));
export const useRemoveEvmKey = () => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/evm-key'));
export const useSetChain = () =>
  usePaymentsMutation(({ chainId, body }: { chainId: number; body: EvmChainBody }) => apiCall('PUT /api/admin/payments/chains/:chainId', { params: { chainId }, body }));
export const useRemoveChain = () => usePaymentsMutation((chainId: number) => apiCall('DELETE /api/admin/payments/chains/:chainId', { params: { chainId } }));
export const useSetUtxoKey = (chain: UtxoChain) => usePaymentsMutation((body: UtxoKeyBody) => apiCall('PUT /api/admin/payments/utxo/:chain/key', { params: { chain }, body }));
export const useRemoveUtxoKey = (chain: UtxoChain) => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/utxo/:chain/key', { params: { chain } }));
export const useSetUtxoWatcher = (chain: UtxoChain) => usePaymentsMutation((body: UtxoWatcherBody) => apiCall('PUT /api/admin/payments/utxo/:chain/watcher', { params: { chain }, body }));
export const useRemoveUtxoWatcher = (chain: UtxoChain) => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/utxo/:chain/watcher', { params: { chain } }));
export const useSetLookup = () =>
  usePaymentsMutation(({ network, url }: { network: LookupNetwork; url: string }) => apiCall('PUT /api/admin/payments/lookups/:network', { params: { network }, body: { url } }));
export const useRemoveLookup = () => usePaymentsMutation((network: LookupNetwork) => apiCall('DELETE /api/admin/payments/lookups/:network', { params: { network } }));
