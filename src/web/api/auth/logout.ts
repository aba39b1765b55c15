import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/web/lib/api-client';

export const logout = () => apiCall('POST /api/auth/logout');

/** Ends the buyer's session; the caller clears cached data and leaves the dashboard. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
