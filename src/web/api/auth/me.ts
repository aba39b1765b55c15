import { useQuery } from '@tanstack/react-query';
import type { Me, Session } from '@/contracts/auth';
import { apiGet } from '@/web/lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in buyer, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  const session = await apiGet<Session>('/api/auth/session');
  return session.buyer;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });
}
