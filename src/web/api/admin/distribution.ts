import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryOverview, TokenDeliveryBody } from '@/contracts/distribution';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const deliveryKey = queryKeyOf('GET /api/admin/distributions');

export function useDeliveryOverview() {
  return useQuery({ queryKey: deliveryKey, queryFn: () => apiCall('GET /api/admin/distributions') });
}

/** The buyers of one distribution, asked for when shown. */
export function useDistribution(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/distributions/:id', { params: { id: id ?? 0 } }),
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

export const multisendUrl = (id: number) => urlOf('GET /api/admin/distributions/:id/multisend.csv', { params: { id } });
export const merkleUrl = (id: number) => urlOf('GET /api/admin/distributions/:id/merkle.json', { params: { id } });
