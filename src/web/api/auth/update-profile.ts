import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, ProfileBody } from '@/contracts/auth';
import { apiPatch } from '@/web/lib/api-client';
import { meQueryKey } from './me';

export const updateProfile = (body: ProfileBody) => apiPatch<Me>('/api/me', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
