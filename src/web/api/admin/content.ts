import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Content, ContentBody } from '@/contracts/content';
import { contentQueryKey } from '@/web/api/content/get-content';
import { apiGet, apiPut } from '@/web/lib/api-client';

const key = ['admin', 'content'] as const;

export function useAdminContent() {
  return useQuery({ queryKey: key, queryFn: () => apiGet<Content>('/api/admin/content') });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentBody) => apiPut<Content>('/api/admin/content', body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
