import { useQuery } from '@tanstack/react-query';
import type { PublicContent } from '@/contracts/content';
import { apiGet } from '@/web/lib/api-client';

export const contentQueryKey = ['content'] as const;

export const getContent = () => apiGet<PublicContent>('/api/content');

/** The operator-editable texts of the public pages. */
export function useContent() {
  return useQuery({ queryKey: contentQueryKey, queryFn: getContent, staleTime: 60_000 });
}
