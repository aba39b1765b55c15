import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody } from '@/contracts/mail';
import { apiCall } from '@/web/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => apiCall('POST /api/auth/forgot-password', { body }) });
}

/** Sets a new password through the link's token; every session of the buyer ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => apiCall('POST /api/auth/reset-password', { body }) });
}
