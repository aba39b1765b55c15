import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiResponse, queryKeyOf } from '@/web/lib/api-client';

export type AuditPage = ApiResponse<'GET /api/admin/audit'>;

/** Server-side filters: one kind of change, one operator, and a time range (from inclusive, to exclusive, ISO instants). */
export interface AuditFilters {
  action?: string;
  /** One operator's changes, by login (or Automatic). */
  operator?: string;
  from?: string;
  to?: string;
}

export function useAuditPage(page: number, pageSize = 25, filters: AuditFilters = {}) {
  const query = { page, pageSize, action: filters.action, operator: filters.operator, from: filters.from, to: filters.to };
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/audit', { query }),
    queryFn: () => apiCall('GET /api/admin/audit', { query }),
    placeholderData: keepPreviousData,
  });
}
