import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCountryBody } from '@/contracts/users';
import { apiCall, queryKeyOf, urlOf } from '@/web/lib/api-client';

/** The list's key; each user's detail key extends it, so invalidating it covers both. */
export const adminUsersKey = queryKeyOf('GET /api/admin/users');

/** Every buyer with balance and spend, as CSV. */
export const usersCsvUrl = urlOf('GET /api/admin/users.csv');

export function useAdminUsers(q: { page: number; pageSize: number; search: string }) {
  const query = { page: q.page, pageSize: q.pageSize, q: q.search };
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/users', { query }),
    queryFn: () => apiCall('GET /api/admin/users', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /api/admin/users/:id', { params: { id } }),
    queryFn: () => apiCall('GET /api/admin/users/:id', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** An Owner turns a buyer's two-factor sign-in off (a lost phone); asks for the password again (step-up). */
export function useResetUserTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('DELETE /api/admin/users/:id/two-factor', { params: { id } }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeyOf('GET /api/admin/users/:id', { params: { id } }), detail),
  });
}

/** A Manager or Owner corrects the buyer's declared country (step-up). */
export function useChangeUserCountry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCountryBody) => apiCall('PUT /api/admin/users/:id/country', { params: { id }, body }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeyOf('GET /api/admin/users/:id', { params: { id } }), detail),
  });
}
