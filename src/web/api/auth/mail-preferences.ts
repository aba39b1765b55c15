import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailPreferencesBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

/** Turns order updates by e-mail on or off. */
export function useMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesBody) => apiCall('PUT /api/me/mail-preferences', { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
