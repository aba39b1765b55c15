import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimBody, DeliveryBody, DeliveryOverview, DistributionDetail, TokenDeliveryBody, WalletRejectBody } from '@/contracts/distribution';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const deliveryKey = queryKeyOf('GET /api/admin/distributions');
const detailKey = (id: number) => queryKeyOf('GET /api/admin/distributions/:id', { params: { id } });
const walletChangesKey = queryKeyOf('GET /api/admin/wallet-changes');

export function useDeliveryOverview() {
  return useQuery({ queryKey: deliveryKey, queryFn: () => apiCall('GET /api/admin/distributions') });
}

/** The buyers of one distribution, asked for when shown. */
export function useDistribution(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => apiCall('GET /api/admin/distributions/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

function useDeliveryMutation<TVars>(fn: (vars: TVars) => Promise<DeliveryOverview>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (overview) => queryClient.setQueryData(deliveryKey, overview) });
}

export const useSetTokenDelivery = () => useDeliveryMutation((body: TokenDeliveryBody) => apiCall('PUT /api/admin/distributions/token', { body }));
export const useOpenDistribution = () => useDeliveryMutation(() => apiCall('POST /api/admin/distributions'));

/** A change to one distribution: its buyers as they now are, and the overview's counts refetched. */
function useDetailMutation<TVars, TData>(id: number, fn: (vars: TVars) => Promise<TData>, detailOf: (data: TData) => DistributionDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (data) => {
      queryClient.setQueryData(detailKey(id), detailOf(data));
      await queryClient.invalidateQueries({ queryKey: deliveryKey });
    },
  });
}

export const useRecordDelivery = (id: number) =>
  useDetailMutation(
    id,
    (body: DeliveryBody) => apiCall('POST /api/admin/distributions/:id/deliveries', { params: { id }, body }),
    (d) => d,
  );
export const useImportDeliveries = (id: number) =>
  useDetailMutation(
    id,
    (csv: string) => apiCall('POST /api/admin/distributions/:id/deliveries/import', { params: { id }, body: { csv } }),
    (r) => r.detail,
  );
export const usePublishClaim = (id: number) =>
  useDetailMutation(
    id,
    (body: ClaimBody) => apiCall('POST /api/admin/distributions/:id/claim', { params: { id }, body }),
    (d) => d,
  );

export const multisendUrl = (id: number) => urlOf('GET /api/admin/distributions/:id/multisend.csv', { params: { id } });
export const merkleUrl = (id: number) => urlOf('GET /api/admin/distributions/:id/merkle.json', { params: { id } });

export function useWalletChanges() {
  return useQuery({ queryKey: walletChangesKey, queryFn: () => apiCall('GET /api/admin/wallet-changes') });
}

function useWalletDecision<TVars>(fn: (vars: TVars) => Promise<{ changes: unknown[] }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (list) => {
      queryClient.setQueryData(walletChangesKey, list);
      await queryClient.invalidateQueries({ queryKey: deliveryKey });
    },
  });
}

export const useApproveWalletChange = () => useWalletDecision(({ id, note }: { id: number; note: string }) => apiCall('POST /api/admin/wallet-changes/:id/approve', { params: { id }, body: { note } }));
export const useRejectWalletChange = () => useWalletDecision(({ id, body }: { id: number; body: WalletRejectBody }) => apiCall('POST /api/admin/wallet-changes/:id/reject', { params: { id }, body }));

export const myDeliveryQueryKey = queryKeyOf('GET /api/me/delivery');

/** The signed-in buyer's tokens in each distribution: delivered, claimable with their proof, or waiting. */
export function useMyDelivery() {
  return useQuery({ queryKey: myDeliveryQueryKey, queryFn: () => apiCall('GET /api/me/delivery') });
}
