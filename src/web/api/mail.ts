import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForgotPasswordBody, OperatorNotificationsBody, ResetPasswordBody } from '@/contracts/mail';
import { meQueryKey } from '@/web/api/first-screen';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

export const outboxKey = queryKeyOf('GET /api/admin/outbox');

/** A page of the outbox, newest first; refreshed while messages wait to be sent. */
export function useOutbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/outbox', { query: { page, pageSize } }),
    queryFn: () => apiCall('GET /api/admin/outbox', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** One message with its plain text and links. */
export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/outbox/:id', { params: { id: id ?? 0 } }),
    queryFn: () => apiCall('GET /api/admin/outbox/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** The message's HTML, served as its own sandboxed document. */
export const outboxHtmlUrl = (id: number) => urlOf('GET /api/admin/outbox/:id/html', { params: { id } });

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('POST /api/admin/outbox/:id/resend', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}

const notificationsKey = queryKeyOf('GET /api/admin/notifications');

/** The signed-in operator's notification settings. */
export function useNotifications() {
  return useQuery({ queryKey: notificationsKey, queryFn: () => apiCall('GET /api/admin/notifications') });
}

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorNotificationsBody) => apiCall('PUT /api/admin/notifications', { body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKey, saved),
  });
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => apiCall('POST /api/auth/forgot-password', { body }) });
}

/** Sets a new password through the link's token; every session of the buyer ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => apiCall('POST /api/auth/reset-password', { body }) });
}

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
