import { useQuery } from '@tanstack/react-query';
import type { Me } from '@/contracts/auth';
import { ApiError, apiGet } from '@/web/lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in buyer, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiGet<Me>('/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });
}
