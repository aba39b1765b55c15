import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCryptoBody, UpdateCryptoBody } from '@/contracts/cryptos';
import { contentQueryKey, cryptosQueryKey } from '@/web/api/first-screen';
import { adminSetupKey } from '@/web/api/setup';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const adminCryptosKey = queryKeyOf('GET /api/admin/cryptos');

export function useAdminCryptos() {
  return useQuery({ queryKey: adminCryptosKey, queryFn: () => apiCall('GET /api/admin/cryptos'), select: (d) => d.cryptos });
}

function useCryptoMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminCryptosKey });
      // The public list and the FAQ's payment answer follow the offered cryptos.
      await queryClient.invalidateQueries({ queryKey: cryptosQueryKey });
      await queryClient.invalidateQueries({ queryKey: contentQueryKey });
      await queryClient.invalidateQueries({ queryKey: adminSetupKey });
    },
  });
}

export const useCreateCrypto = () => useCryptoMutation((body: CreateCryptoBody) => apiCall('POST /api/admin/cryptos', { body }));
export const useUpdateCrypto = () =>
  useCryptoMutation(({ code, body }: { code: string; body: UpdateCryptoBody }) => apiCall('PUT /api/admin/cryptos/:code', { params: { code }, body }));
export const useDeleteCrypto = () => useCryptoMutation((code: string) => apiCall('DELETE /api/admin/cryptos/:code', { params: { code } }));
export const useRefreshRates = () => useCryptoMutation(() => apiCall('POST /api/admin/cryptos/refresh-rates'));
export const useSetEvmWallet = () => useCryptoMutation((address: string) => apiCall('POST /api/admin/cryptos/evm-wallet', { body: { address } }));
