import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignCodeBody } from '@/contracts/campaigns';
import { CAMPAIGN_CODE_PATTERN } from '@/domain/campaign-code';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

/** The bonus of the campaign code a buyer entered, or why it cannot be used (a refusal at the field). */
export function useCampaignOffer(code: string) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/campaign-codes/:code', { params: { code } }),
    queryFn: () => apiCall('GET /api/campaign-codes/:code', { params: { code } }),
    enabled: CAMPAIGN_CODE_PATTERN.test(code),
    retry: false,
  });
}

const codesKey = queryKeyOf('GET /api/admin/campaign-codes');

export function useCampaignCodes() {
  return useQuery({ queryKey: codesKey, queryFn: () => apiCall('GET /api/admin/campaign-codes') });
}

export function useCreateCampaignCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCodeBody) => apiCall('POST /api/admin/campaign-codes', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}
