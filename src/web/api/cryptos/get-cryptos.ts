import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const cryptosQueryKey = queryKeyOf('GET /api/cryptos');

export const getCryptos = () => apiCall('GET /api/cryptos');

/** The cryptocurrencies a buyer can pay with: enabled and with a wallet address. */
export function useCryptos() {
  return useQuery({ queryKey: cryptosQueryKey, queryFn: getCryptos, staleTime: 60_000, select: (d) => d.cryptos });
}
