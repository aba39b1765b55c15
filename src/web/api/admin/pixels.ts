import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPixel, PixelBody } from '@/contracts/pixels';
import { apiDelete, apiGet, apiPost, apiPut } from '@/web/lib/api-client';

const key = ['admin', 'pixels'] as const;

export function useAdminPixels() {
  return useQuery({ queryKey: key, queryFn: () => apiGet<{ pixels: AdminPixel[] }>('/api/admin/pixels'), select: (d) => d.pixels });
}

function usePixelMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreatePixel = () => usePixelMutation((body: PixelBody) => apiPost<AdminPixel>('/api/admin/pixels', body));
export const useUpdatePixel = () => usePixelMutation(({ id, body }: { id: number; body: PixelBody }) => apiPut<AdminPixel>(`/api/admin/pixels/${id}`, body));
export const useDeletePixel = () => usePixelMutation((id: number) => apiDelete<{ ok: true }>(`/api/admin/pixels/${id}`));
