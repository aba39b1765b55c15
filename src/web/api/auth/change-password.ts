import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@/contracts/auth';
import { apiPost } from '@/web/lib/api-client';

export const changePassword = (body: PasswordChangeBody) => apiPost<{ ok: true }>('/api/me/password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
