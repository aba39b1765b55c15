import { useQuery } from '@tanstack/react-query';
import type { Sale } from '@/contracts/sale';
import { apiGet } from '@/web/lib/api-client';

export const saleQueryKey = ['sale'] as const;

export const getSale = () => apiGet<Sale>('/api/sale');

/** The sale's settings and live figures; refreshed every 15 s while the page is open. */
export function useSale() {
  return useQuery({ queryKey: saleQueryKey, queryFn: getSale, refetchInterval: 15_000 });
}
