// Where the signed-in operator or buyer is signed in (issue 15).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export type SessionOwner = 'operator' | 'buyer';

const keys = { operator: queryKeyOf('GET /api/admin/sessions'), buyer: queryKeyOf('GET /api/me/sessions') };

export function useSessions(owner: SessionOwner) {
  return useQuery({ queryKey: keys[owner], queryFn: () => (owner === 'operator' ? apiCall('GET /api/admin/sessions') : apiCall('GET /api/me/sessions')) });
}

export function useEndSession(owner: SessionOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => (owner === 'operator' ? apiCall('DELETE /api/admin/sessions/:id', { params: { id } }) : apiCall('DELETE /api/me/sessions/:id', { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys[owner] }),
  });
}

export function useEndOtherSessions(owner: SessionOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (owner === 'operator' ? apiCall('POST /api/admin/sessions/end-others') : apiCall('POST /api/me/sessions/end-others')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys[owner] }),
  });
}
