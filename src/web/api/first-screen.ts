// What the first screen of every buyer page reads (app/first-requests.ts): the session, the sale, the
// content and the offered cryptos, and the prize draw the landing's header and section show. Their
// areas' other endpoints are in auth.ts, sale.ts, content.ts, cryptos.ts and draws.ts; these stay
// apart because the landing page's shell chunk carries them, and it must carry no mutation code
// (vite.config.ts SHELL, BENCHMARKS.md: the landing page's 90 KB budget).
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@/contracts/auth';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const meQueryKey = queryKeyOf('GET /api/auth/session');

/** The signed-in buyer, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  const session = await apiCall('GET /api/auth/session');
  return session.buyer;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000 });
}

export const saleQueryKey = queryKeyOf('GET /api/sale');

export const getSale = () => apiCall('GET /api/sale');

/** The sale's settings and live figures; refreshed every 15 s while the page is open. */
export function useSale() {
  return useQuery({ queryKey: saleQueryKey, queryFn: getSale, refetchInterval: 15_000 });
}

export const contentQueryKey = queryKeyOf('GET /api/content');

export const getContent = () => apiCall('GET /api/content');

/** The operator-editable texts of the public pages. */
export function useContent() {
  return useQuery({ queryKey: contentQueryKey, queryFn: getContent, staleTime: 60_000 });
}

export const cryptosQueryKey = queryKeyOf('GET /api/cryptos');

export const getCryptos = () => apiCall('GET /api/cryptos');

/** The cryptocurrencies a buyer can pay with: enabled and with a wallet address. */
export function useCryptos() {
  return useQuery({ queryKey: cryptosQueryKey, queryFn: getCryptos, staleTime: 60_000, select: (d) => d.cryptos });
}

export const currentDrawKey = queryKeyOf('GET /api/draws/current');

export const getCurrentDraw = () => apiCall('GET /api/draws/current');

/** The draw the landing page shows (open, waiting for its block, or recently drawn); null when none. */
export function useCurrentDraw() {
  return useQuery({ queryKey: currentDrawKey, queryFn: getCurrentDraw, refetchInterval: 60_000 });
}
