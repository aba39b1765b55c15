import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const contentQueryKey = queryKeyOf('GET /api/content');

export const getContent = () => apiCall('GET /api/content');

/** The operator-editable texts of the public pages. */
export function useContent() {
  return useQuery({ queryKey: contentQueryKey, queryFn: getContent, staleTime: 60_000 });
}
