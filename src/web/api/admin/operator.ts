import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorLoginBody, OperatorPasswordBody } from '@/contracts/admin';
import { ApiError, apiGet, apiPost, apiPut } from '@/web/lib/api-client';

export const operatorQueryKey = ['admin', 'me'] as const;

/** The signed-in operator, or null when signed out. */
async function getOperator(): Promise<Operator | null> {
  try {
    return await apiGet<Operator>('/api/admin/me');
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
    mutationFn: (body: OperatorLoginBody) => apiPost<Operator>('/api/admin/auth/login', body),
    onSuccess: (operator) => queryClient.setQueryData(operatorQueryKey, operator),
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ ok: true }>('/api/admin/auth/logout'),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      queryClient.setQueryData(operatorQueryKey, null);
    },
  });
}

export function useChangeOperatorPassword() {
  return useMutation({ mutationFn: (body: OperatorPasswordBody) => apiPut<{ ok: true }>('/api/admin/password', body) });
}
