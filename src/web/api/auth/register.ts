import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

export const register = (body: RegisterBody) => apiCall('POST /api/auth/register', { body });

/** Creates the buyer's account and signs them in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
