import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '@/contracts/admin';
import { apiGet } from '@/web/lib/api-client';

export type AuditPage = z.infer<typeof auditPageSchema>;

/** Server-side filters: one kind of change, and a time range (from inclusive, to exclusive, ISO instants). */
export interface AuditFilters {
  action?: string;
  from?: string;
  to?: string;
}

export function useAuditPage(page: number, pageSize = 25, filters: AuditFilters = {}) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const key of ['action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return useQuery({
    queryKey: ['admin', 'audit', page, pageSize, filters.action ?? '', filters.from ?? '', filters.to ?? ''],
    queryFn: () => apiGet<AuditPage>(`/api/admin/audit?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}
