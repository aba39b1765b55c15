import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const myDeliveryQueryKey = queryKeyOf('GET /api/me/delivery');

/** The signed-in buyer's tokens in each distribution: delivered, claimable with their proof, or waiting. */
export function useMyDelivery() {
  return useQuery({ queryKey: myDeliveryQueryKey, queryFn: () => apiCall('GET /api/me/delivery') });
}
