import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

export const login = (body: LoginBody) => apiCall('POST /api/auth/login', { body });

/** Signs the buyer in; the session cookie is set by the server and the `me` query is filled. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
