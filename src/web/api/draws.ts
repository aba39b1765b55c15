import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDrawBody, DrawTextBody } from '@/contracts/draws';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

// The landing's current draw is in first-screen.ts, and the published draws /transparency shows are in
// transparency.ts: this module carries mutation code, and sits with the dashboard's and back-office's
// code, which neither page may load.

export function useMyPrizes() {
  return useQuery({ queryKey: queryKeyOf('GET /api/me/prizes'), queryFn: () => apiCall('GET /api/me/prizes') });
}

const adminDrawsKey = queryKeyOf('GET /api/admin/draws');

export function useAdminDraws() {
  return useQuery({ queryKey: adminDrawsKey, queryFn: () => apiCall('GET /api/admin/draws') });
}

function useDrawMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: adminDrawsKey }) });
}

export const useCreateDraw = () => useDrawMutation((body: CreateDrawBody) => apiCall('POST /api/admin/draws', { body }));
export const useChangeDrawText = () => useDrawMutation(({ id, body }: { id: number; body: DrawTextBody }) => apiCall('PUT /api/admin/draws/:id/text', { params: { id }, body }));
export const useChangeDrawImage = () => useDrawMutation(({ id, image }: { id: number; image: string }) => apiCall('PUT /api/admin/draws/:id/image', { params: { id }, body: { image } }));
export const useRecordDelivery = () => useDrawMutation(({ id, note }: { id: number; note: string }) => apiCall('POST /api/admin/draws/:id/delivery', { params: { id }, body: { note } }));
