import { useQuery } from '@tanstack/react-query';
import type { Me } from '@/contracts/auth';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const meQueryKey = queryKeyOf('GET /api/auth/session');

/** The signed-in buyer, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  const session = await apiCall('GET /api/auth/session');
  return session.buyer;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });
}
