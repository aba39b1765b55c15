import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const leaderboardQueryKey = queryKeyOf('GET /api/leaderboard');

export const getLeaderboard = () => apiCall('GET /api/leaderboard');

/** The top buyers by approved deposits, e-mails masked by the server. */
export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard, refetchInterval: 30_000, select: (d) => d.rows });
}
