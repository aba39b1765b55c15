import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleSettingsBody, StagesBody } from '@/contracts/sale';
import { adminCryptosKey } from '@/web/api/cryptos';
import { saleQueryKey } from '@/web/api/first-screen';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const adminSaleKey = queryKeyOf('GET /api/admin/sale');

export function useAdminSale() {
  return useQuery({ queryKey: adminSaleKey, queryFn: () => apiCall('GET /api/admin/sale') });
}

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleSettingsBody) => apiCall('PUT /api/admin/sale', { body }),
    onSuccess: (saved) => queryClient.setQueryData(adminSaleKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saleQueryKey }),
  });
}

export function useUpdateMainCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (priceUsd: string) => apiCall('PUT /api/admin/main-currency', { body: { priceUsd } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminSaleKey });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
      // Feed rates are recomputed from the new price.
      await queryClient.invalidateQueries({ queryKey: adminCryptosKey });
    },
  });
}

/** The sale's stages and what their unsold tokens do; both set what buyers pay, so the server asks for step-up. */
export function useSaveStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StagesBody) => apiCall('PUT /api/admin/sale/stages', { body }),
    onSettled: invalidateAfterStages(queryClient),
  });
}

/** Ends the current stage now; the next one opens at its price. */
export function useEndStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('POST /api/admin/sale/stages/:id/end', { params: { id } }),
    onSettled: invalidateAfterStages(queryClient),
  });
}

/** The stages move the price, the hard cap and every rate. */
function invalidateAfterStages(queryClient: ReturnType<typeof useQueryClient>) {
  return async () => {
    await queryClient.invalidateQueries({ queryKey: adminSaleKey });
    await queryClient.invalidateQueries({ queryKey: saleQueryKey });
    await queryClient.invalidateQueries({ queryKey: adminCryptosKey });
  };
}
