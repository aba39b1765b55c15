import { useQuery } from '@tanstack/react-query';
import type { PublicCrypto } from '@/contracts/cryptos';
import { apiGet } from '@/web/lib/api-client';

export const cryptosQueryKey = ['cryptos'] as const;

export const getCryptos = () => apiGet<{ cryptos: PublicCrypto[] }>('/api/cryptos');

/** The cryptocurrencies a buyer can pay with: enabled and with a wallet address. */
export function useCryptos() {
  return useQuery({ queryKey: cryptosQueryKey, queryFn: getCryptos, staleTime: 60_000, select: (d) => d.cryptos });
}
