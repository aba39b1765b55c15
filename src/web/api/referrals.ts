import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralSettingsBody } from '@/contracts/referrals';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const referralsCsvUrl = urlOf('GET /api/admin/referrals.csv');

export function useMyReferrals() {
  return useQuery({ queryKey: queryKeyOf('GET /api/me/referrals'), queryFn: () => apiCall('GET /api/me/referrals') });
}

export function useReferralReport() {
  return useQuery({ queryKey: queryKeyOf('GET /api/admin/referrals'), queryFn: () => apiCall('GET /api/admin/referrals') });
}

const settingsKey = queryKeyOf('GET /api/admin/referrals/settings');

export function useReferralSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiCall('GET /api/admin/referrals/settings') });
}

export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsBody) => apiCall('PUT /api/admin/referrals/settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
