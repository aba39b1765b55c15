import { useQuery } from '@tanstack/react-query';
import type { Setup } from '@/contracts/admin';
import { apiGet } from '@/web/lib/api-client';

export const adminSetupKey = ['admin', 'setup'] as const;

/** The setup checklist, computed by the server from the sale, the cryptos and the audit log. */
export function useAdminSetup() {
  return useQuery({ queryKey: adminSetupKey, queryFn: () => apiGet<Setup>('/api/admin/setup') });
}
