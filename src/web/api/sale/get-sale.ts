import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const saleQueryKey = queryKeyOf('GET /api/sale');

export const getSale = () => apiCall('GET /api/sale');

/** The sale's settings and live figures; refreshed every 15 s while the page is open. */
export function useSale() {
  return useQuery({ queryKey: saleQueryKey, queryFn: getSale, refetchInterval: 15_000 });
}
