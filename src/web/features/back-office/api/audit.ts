import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '@/contracts/admin';
import { apiGet } from '@/web/lib/api-client';

export type AuditPage = z.infer<typeof auditPageSchema>;

export function useAuditPage(page: number, pageSize = 25) {
  return useQuery({
    queryKey: ['admin', 'audit', page, pageSize],
    queryFn: () => apiGet<AuditPage>(`/api/admin/audit?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}
