import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUsersPageSchema, AdminUserDetail } from '@/contracts/users';
import { apiGet } from '@/web/lib/api-client';

export type UsersPage = z.infer<typeof adminUsersPageSchema>;

export function useAdminUsers(q: { page: number; pageSize: number; search: string }) {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.search) params.set('q', q.search);
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: () => apiGet<UsersPage>(`/api/admin/users?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number) {
  return useQuery({ queryKey: ['admin', 'users', 'detail', id], queryFn: () => apiGet<AdminUserDetail>(`/api/admin/users/${id}`), enabled: Number.isInteger(id) && id > 0 });
}
