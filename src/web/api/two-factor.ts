// Two-factor sign-in of the signed-in account: operators under /api/admin, buyers under /api/me.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEnrolmentBody, DisableTwoFactorBody } from '@/contracts/two-factor';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';
import { operatorQueryKey } from './operators';

export type TwoFactorOwner = 'operator' | 'buyer';

const keys = { operator: queryKeyOf('GET /api/admin/two-factor'), buyer: queryKeyOf('GET /api/me/two-factor') };

/** The account's two-factor state; `enabled: false` waits until it is needed. */
export function useTwoFactor(owner: TwoFactorOwner, enabled = true) {
  return useQuery({ queryKey: keys[owner], queryFn: () => (owner === 'operator' ? apiCall('GET /api/admin/two-factor') : apiCall('GET /api/me/two-factor')), enabled });
}

export function useBeginEnrolment(owner: TwoFactorOwner) {
  return useMutation({ mutationFn: () => (owner === 'operator' ? apiCall('POST /api/admin/two-factor/enrolment') : apiCall('POST /api/me/two-factor/enrolment')) });
}

export function useConfirmEnrolment(owner: TwoFactorOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEnrolmentBody) => (owner === 'operator' ? apiCall('POST /api/admin/two-factor', { body }) : apiCall('POST /api/me/two-factor', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys[owner] });
      // An operator sent to enrolment may go on now.
      if (owner === 'operator') await queryClient.invalidateQueries({ queryKey: operatorQueryKey });
    },
  });
}

export function useTurnOffTwoFactor(owner: TwoFactorOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) => (owner === 'operator' ? apiCall('DELETE /api/admin/two-factor', { body }) : apiCall('DELETE /api/me/two-factor', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys[owner] }),
  });
}
