import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewOperatorBody, Operator, OperatorChangeBody, OperatorLoginBody, OperatorPasswordBody } from '@/contracts/operators';
import { canOperator, type Capability } from '@/contracts/permissions';
import { apiCall, ApiError, queryKeyOf, queryKeyUnder } from '@/web/lib/api-client';

export const operatorQueryKey = queryKeyOf('GET /api/admin/me');

/** The signed-in operator, or null when signed out. */
async function getOperator(): Promise<Operator | null> {
  try {
    return await apiCall('GET /api/admin/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export function useOperator() {
  return useQuery({ queryKey: operatorQueryKey, queryFn: getOperator, staleTime: 60_000 });
}

export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorLoginBody) => apiCall('POST /api/admin/auth/login', { body }),
    onSuccess: (operator) => queryClient.setQueryData(operatorQueryKey, operator),
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST /api/admin/auth/logout'),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: queryKeyUnder('/api/admin') });
      queryClient.setQueryData(operatorQueryKey, null);
    },
  });
}

export function useChangeOperatorPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorPasswordBody) => apiCall('PUT /api/admin/password', { body }),
    // A one-time password chosen away: the rest of the back-office opens.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorQueryKey }),
  });
}

/** Whether the signed-in operator's role may do this (contracts/permissions.ts); the server decides anyway. */
export function useCan(): (capability: Capability) => boolean {
  const { data } = useOperator();
  return (capability) => (data ? canOperator(data, capability) : false);
}

const teamKey = queryKeyOf('GET /api/admin/operators');

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: () => apiCall('GET /api/admin/operators') });
}

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOperatorBody) => apiCall('POST /api/admin/operators', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useChangeTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OperatorChangeBody & { id: number }) => apiCall('PATCH /api/admin/operators/:id', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useResetTeamPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('POST /api/admin/operators/:id/reset-password', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useTeamPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) => apiCall('PUT /api/admin/operators/policy', { body: { requireTwoFactor } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKey });
      await queryClient.invalidateQueries({ queryKey: operatorQueryKey });
    },
  });
}

export function useResetTeamTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('DELETE /api/admin/operators/:id/two-factor', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}
