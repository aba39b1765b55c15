import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const transparencyKey = queryKeyOf('GET /api/transparency');

/** The sale's public proof: totals, addresses, the ledger's head and daily heads. */
export function useTransparency() {
  return useQuery({ queryKey: transparencyKey, queryFn: () => apiCall('GET /api/transparency'), refetchInterval: 60_000 });
}

/** A page of approved orders, newest first. */
export function usePublicOrders(page: number, pageSize = 20) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/transparency/orders', { query: { page, pageSize } }),
    queryFn: () => apiCall('GET /api/transparency/orders', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** The whole chain with the approved orders, for the check in the browser. */
export const getLedgerExport = () => apiCall('GET /api/transparency/ledger.json');

export const ordersCsvUrl = urlOf('GET /api/transparency/orders.csv');
export const ledgerJsonUrl = urlOf('GET /api/transparency/ledger.json');
