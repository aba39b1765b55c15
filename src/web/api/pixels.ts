import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PixelBody } from '@/contracts/pixels';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

const key = queryKeyOf('GET /api/admin/pixels');

export function useAdminPixels() {
  return useQuery({ queryKey: key, queryFn: () => apiCall('GET /api/admin/pixels'), select: (d) => d.pixels });
}

function usePixelMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreatePixel = () => usePixelMutation((body: PixelBody) => apiCall('POST /api/admin/pixels', { body }));
export const useUpdatePixel = () => usePixelMutation(({ id, body }: { id: number; body: PixelBody }) => apiCall('PUT /api/admin/pixels/:id', { params: { id }, body }));
export const useDeletePixel = () => usePixelMutation((id: number) => apiCall('DELETE /api/admin/pixels/:id', { params: { id } }));
