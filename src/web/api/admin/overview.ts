import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview } from '@/contracts/transparency';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

/** The back-office overview's series for a range: 7 days, 30 days or the whole sale. */
export function useOverview(range: Overview['range']) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/overview', { query: { range } }),
    queryFn: () => apiCall('GET /api/admin/overview', { query: { range } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
