import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';

export const changePassword = (body: PasswordChangeBody) => apiCall('POST /api/me/password', { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
