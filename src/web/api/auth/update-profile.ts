import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@/contracts/auth';
import { apiCall } from '@/web/lib/api-client';
import { meQueryKey } from './me';

export const updateProfile = (body: ProfileBody) => apiCall('PATCH /api/me', { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
