import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EligibilitySettingsBody, MyCountryBody } from '@/contracts/eligibility';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const myCountryQueryKey = queryKeyOf('GET /api/me/country');

/** The buyer's declared country, and why they cannot order now (Buy Token shows it). */
export function useMyCountry() {
  return useQuery({ queryKey: myCountryQueryKey, queryFn: () => apiCall('GET /api/me/country') });
}

export function useDeclareCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MyCountryBody) => apiCall('POST /api/me/country', { body }),
    onSuccess: (mine) => queryClient.setQueryData(myCountryQueryKey, mine),
  });
}

const settingsKey = queryKeyOf('GET /api/admin/eligibility');

export function useEligibilitySettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiCall('GET /api/admin/eligibility') });
}

export function useSaveEligibilitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EligibilitySettingsBody) => apiCall('PUT /api/admin/eligibility', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
