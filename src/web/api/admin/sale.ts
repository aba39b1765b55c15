import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleSettings, SaleSettingsBody } from '@/contracts/admin';
import { saleQueryKey } from '@/web/api/sale/get-sale';
import { apiGet, apiPut } from '@/web/lib/api-client';
import { adminCryptosKey } from './cryptos';

export const adminSaleKey = ['admin', 'sale'] as const;

export function useAdminSale() {
  return useQuery({ queryKey: adminSaleKey, queryFn: () => apiGet<SaleSettings>('/api/admin/sale') });
}

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleSettingsBody) => apiPut<SaleSettings>('/api/admin/sale', body),
    onSuccess: (saved) => queryClient.setQueryData(adminSaleKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saleQueryKey }),
  });
}

export function useUpdateMainCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (priceUsd: string) => apiPut<{ priceUsd: string }>('/api/admin/main-currency', { priceUsd }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminSaleKey });
      await queryClient.invalidateQueries({ queryKey: saleQueryKey });
      // Feed rates are recomputed from the new price.
      await queryClient.invalidateQueries({ queryKey: adminCryptosKey });
    },
  });
}
