import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermsAcceptanceBody } from '@/contracts/terms';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const termsQueryKey = queryKeyOf('GET /api/terms');

/** The current terms version: its text, and the number the acceptance box names. */
export function useCurrentTerms() {
  return useQuery({ queryKey: termsQueryKey, queryFn: () => apiCall('GET /api/terms') });
}

/** One published version, as accepted by some buyer: it never changes. */
export function useTermsVersion(version: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/terms/versions/:version', { params: { version } }),
    queryFn: () => apiCall('GET /api/terms/versions/:version', { params: { version } }),
    staleTime: Infinity,
  });
}

export const myTermsQueryKey = queryKeyOf('GET /api/me/terms');

/** Whether the signed-in buyer accepted the current version (ordering needs it). */
export function useMyTerms() {
  return useQuery({ queryKey: myTermsQueryKey, queryFn: () => apiCall('GET /api/me/terms') });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TermsAcceptanceBody) => apiCall('POST /api/me/terms', { body }),
    onSuccess: (mine) => queryClient.setQueryData(myTermsQueryKey, mine),
    onSettled: () => queryClient.invalidateQueries({ queryKey: termsQueryKey }),
  });
}
