import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview } from '@/contracts/transparency';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const transparencyKey = queryKeyOf('GET /api/transparency');

/** The sale's public proof: totals, addresses, the ledger's head and daily heads. */
export function useTransparency() {
  return useQuery({ queryKey: transparencyKey, queryFn: getTransparency, refetchInterval: 60_000 });
}

export const getTransparency = () => apiCall('GET /api/transparency');

/** The page size of the approved orders. */
export const PUBLIC_ORDERS_PAGE_SIZE = 20;

export const publicOrdersKey = (page: number) => queryKeyOf('GET /api/transparency/orders', { query: { page, pageSize: PUBLIC_ORDERS_PAGE_SIZE } });
export const getPublicOrders = (page: number) => apiCall('GET /api/transparency/orders', { query: { page, pageSize: PUBLIC_ORDERS_PAGE_SIZE } });

/** A page of approved orders, newest first. */
export function usePublicOrders(page: number) {
  return useQuery({ queryKey: publicOrdersKey(page), queryFn: () => getPublicOrders(page), placeholderData: keepPreviousData });
}

/** The whole chain with the approved orders, for the check in the browser. */
export const getLedgerExport = () => apiCall('GET /api/transparency/ledger.json');

export const ordersCsvUrl = urlOf('GET /api/transparency/orders.csv');
export const ledgerJsonUrl = urlOf('GET /api/transparency/ledger.json');

/** The back-office overview's series for a range: 7 days, 30 days or the whole sale. */
export function useOverview(range: Overview['range']) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/overview', { query: { range } }),
    queryFn: () => apiCall('GET /api/admin/overview', { query: { range } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

// ── Prize draws, as /transparency shows them (decision 035) ───────────────────────────────────────

export function usePublishedDraws() {
  return useQuery({ queryKey: queryKeyOf('GET /api/transparency/draws'), queryFn: () => apiCall('GET /api/transparency/draws'), refetchInterval: 60_000 });
}

export function usePublishedDraw(id: number) {
  return useQuery({ queryKey: queryKeyOf('GET /api/transparency/draws/:id', { params: { id } }), queryFn: () => getPublishedDraw(id), refetchInterval: 60_000 });
}

export const getPublishedDraw = (id: number) => apiCall('GET /api/transparency/draws/:id', { params: { id } });
export const drawJsonUrl = (id: number) => urlOf('GET /api/transparency/draws/:id', { params: { id } });
