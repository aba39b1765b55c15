import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentBody } from '@/contracts/content';
import { contentQueryKey } from '@/web/api/first-screen';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

const key = queryKeyOf('GET /api/admin/content');

export function useAdminContent() {
  return useQuery({ queryKey: key, queryFn: () => apiCall('GET /api/admin/content') });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentBody) => apiCall('PUT /api/admin/content', { body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}

const logoKey = queryKeyOf('GET /api/admin/content/logo');

export function useLogo() {
  return useQuery({ queryKey: logoKey, queryFn: () => apiCall('GET /api/admin/content/logo') });
}

/** Uploads (a data URL) or removes (null) the sale's logo. */
export function useSetLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string | null) => (image === null ? apiCall('DELETE /api/admin/content/logo') : apiCall('PUT /api/admin/content/logo', { body: { image } })),
    onSuccess: (saved) => queryClient.setQueryData(logoKey, saved),
  });
}
