import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

/** Opens a verification link: the address it was sent to is verified. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall('POST /api/auth/verify-email', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Sends the signed-in buyer a new verification link. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiCall('POST /api/me/verify-email', { body: {} }) });
}

/** Withdraws the buyer's requested change of address. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('DELETE /api/me/email-change'),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
