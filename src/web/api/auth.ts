import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, MailPreferencesBody, PasswordChangeBody, ProfileBody, ReceivingWalletBody, RegisterBody } from '@/contracts/auth';
import { meQueryKey } from '@/web/api/first-screen';
import { apiCall } from '@/web/lib/api-client';

export const login = (body: LoginBody) => apiCall('POST /api/auth/login', { body });

/** Signs the buyer in; the session cookie is set by the server and the `me` query is filled. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export const register = (body: RegisterBody) => apiCall('POST /api/auth/register', { body });

/** Creates the buyer's account and signs them in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export const logout = () => apiCall('POST /api/auth/logout');

/** Ends the buyer's session; the caller clears cached data and leaves the dashboard. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

export const updateProfile = (body: ProfileBody) => apiCall('PATCH /api/me', { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export const changePassword = (body: PasswordChangeBody) => apiCall('POST /api/me/password', { body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A change of address asked for before the new password is withdrawn with it: the profile reads it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Turns order updates by e-mail on or off. */
export function useMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesBody) => apiCall('PUT /api/me/mail-preferences', { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Saves where the buyer's tokens go (or, after the sale, asks to); the answer is the buyer as they now are. */
export function useSetReceivingWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceivingWalletBody) => apiCall('PUT /api/me/wallet', { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Withdraws the buyer's request to change their wallet. */
export function useWithdrawWalletRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('DELETE /api/me/wallet-request'),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
