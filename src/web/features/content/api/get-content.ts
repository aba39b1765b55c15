import { useQuery } from '@tanstack/react-query';
import type { Content } from '@/contracts/content';
import { apiGet } from '@/web/lib/api-client';

export const contentQueryKey = ['content'] as const;

export const getContent = () => apiGet<Content>('/api/content');

/** The operator-editable texts of the public pages. */
export function useContent() {
  return useQuery({ queryKey: contentQueryKey, queryFn: getContent, staleTime: 60_000 });
}
