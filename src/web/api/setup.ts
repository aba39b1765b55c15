import { useQuery } from '@tanstack/react-query';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const adminSetupKey = queryKeyOf('GET /api/admin/setup');

/** The setup checklist, computed by the server from the sale, the cryptos and the audit log. */
export function useAdminSetup() {
  return useQuery({ queryKey: adminSetupKey, queryFn: () => apiCall('GET /api/admin/setup') });
}
