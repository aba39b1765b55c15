import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvmChainBody, PaymentSettings, TronAddressesBody, TronWatcherBody, UtxoKeyBody, UtxoWatcherBody } from '@/contracts/payments';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { LookupNetwork } from '@/domain/networks';
import { adminOrdersKey } from '@/web/api/orders';
import { saleQueryKey } from '@/web/api/first-screen';
import { adminUsersKey } from '@/web/api/users';
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

export const useSetChain = () =>
  usePaymentsMutation(({ chainId, body }: { chainId: number; body: EvmChainBody }) => apiCall('PUT /api/admin/payments/chains/:chainId', { params: { chainId }, body }));
export const useRemoveChain = () => usePaymentsMutation((chainId: number) => apiCall('DELETE /api/admin/payments/chains/:chainId', { params: { chainId } }));
export const useSetUtxoKey = (chain: UtxoChain) => usePaymentsMutation((body: UtxoKeyBody) => apiCall('PUT /api/admin/payments/utxo/:chain/key', { params: { chain }, body }));
export const useRemoveUtxoKey = (chain: UtxoChain) => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/utxo/:chain/key', { params: { chain } }));
export const useSetUtxoWatcher = (chain: UtxoChain) => usePaymentsMutation((body: UtxoWatcherBody) => apiCall('PUT /api/admin/payments/utxo/:chain/watcher', { params: { chain }, body }));
export const useRemoveUtxoWatcher = (chain: UtxoChain) => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/utxo/:chain/watcher', { params: { chain } }));
/** The account key of a family whose key derives one kind of address: EVM chains, or TRON. */
export const useSetPlainKey = (family: 'evm' | 'tron') =>
  usePaymentsMutation((xpub: string) => (family === 'evm' ? apiCall('PUT /api/admin/payments/evm-key', { body: { xpub } }) : apiCall('PUT /api/admin/payments/tron/key', { body: { xpub } })));
export const useRemovePlainKey = (family: 'evm' | 'tron') =>
  usePaymentsMutation(() => (family === 'evm' ? apiCall('DELETE /api/admin/payments/evm-key') : apiCall('DELETE /api/admin/payments/tron/key')));
/** Appends TRON addresses the operator owns, making the imported list TRON's source. */
export const useImportTronAddresses = () => usePaymentsMutation((body: TronAddressesBody) => apiCall('POST /api/admin/payments/tron/addresses', { body }));
export const useStopTronAddressList = () => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/tron/addresses'));
export const useSetTronWatcher = () => usePaymentsMutation((body: TronWatcherBody) => apiCall('PUT /api/admin/payments/tron/watcher', { body }));
export const useRemoveTronWatcher = () => usePaymentsMutation(() => apiCall('DELETE /api/admin/payments/tron/watcher'));
export const useSetLookup = () =>
  usePaymentsMutation(({ network, url }: { network: LookupNetwork; url: string }) => apiCall('PUT /api/admin/payments/lookups/:network', { params: { network }, body: { url } }));
export const useRemoveLookup = () => usePaymentsMutation((network: LookupNetwork) => apiCall('DELETE /api/admin/payments/lookups/:network', { params: { network } }));

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
