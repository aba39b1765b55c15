import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorLoginBody, OperatorPasswordBody } from '@/contracts/admin';
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
  return useMutation({ mutationFn: (body: OperatorPasswordBody) => apiCall('PUT /api/admin/password', { body }) });
}
