import { useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@/contracts/orders';
import { apiGet } from '@/web/lib/api-client';

export const leaderboardQueryKey = ['leaderboard'] as const;

export const getLeaderboard = () => apiGet<Leaderboard>('/api/leaderboard');

/** The top buyers by approved deposits, e-mails masked by the server. */
export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard, refetchInterval: 30_000, select: (d) => d.rows });
}
