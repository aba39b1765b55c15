import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCrypto, CreateCryptoBody, RefreshResult, UpdateCryptoBody } from '@/contracts/admin';
import { apiDelete, apiGet, apiPost, apiPut } from '@/web/lib/api-client';

export const adminCryptosKey = ['admin', 'cryptos'] as const;

export function useAdminCryptos() {
  return useQuery({ queryKey: adminCryptosKey, queryFn: () => apiGet<{ cryptos: AdminCrypto[] }>('/api/admin/cryptos'), select: (d) => d.cryptos });
}

function useCryptoMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminCryptosKey });
      // The public list and the FAQ's payment answer follow the offered cryptos.
      await queryClient.invalidateQueries({ queryKey: ['cryptos'] });
      await queryClient.invalidateQueries({ queryKey: ['content'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'setup'] });
    },
  });
}

export const useCreateCrypto = () => useCryptoMutation((body: CreateCryptoBody) => apiPost<AdminCrypto>('/api/admin/cryptos', body));
export const useUpdateCrypto = () =>
  useCryptoMutation(({ code, body }: { code: string; body: UpdateCryptoBody }) => apiPut<AdminCrypto>(`/api/admin/cryptos/${encodeURIComponent(code)}`, body));
export const useDeleteCrypto = () =>
  useCryptoMutation((code: string) => apiDelete<{ outcome: 'deleted' | 'disabled'; message: string }>(`/api/admin/cryptos/${encodeURIComponent(code)}`));
export const useRefreshRates = () => useCryptoMutation(() => apiPost<RefreshResult>('/api/admin/cryptos/refresh-rates'));
export const useSetEvmWallet = () => useCryptoMutation((address: string) => apiPost<{ updated: string[]; message: string }>('/api/admin/cryptos/evm-wallet', { address }));
