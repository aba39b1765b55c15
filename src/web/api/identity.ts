import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityCheck, IdentityRejectBody, IdentitySettingsBody, IdentityUploadBody } from '@/contracts/identity';
import { apiCall, queryKeyOf } from '@/web/lib/api-client';

export const myIdentityQueryKey = queryKeyOf('GET /api/me/identity');

/** The buyer's identity check: whether the sale asks, where they stand, what to do next. */
export function useMyIdentity() {
  return useQuery({ queryKey: myIdentityQueryKey, queryFn: () => apiCall('GET /api/me/identity') });
}

export function useSubmitIdentityDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityUploadBody) => apiCall('POST /api/me/identity/documents', { body }),
    onSuccess: (mine) => queryClient.setQueryData(myIdentityQueryKey, mine),
  });
}

const settingsKey = queryKeyOf('GET /api/admin/identity/settings');

export function useIdentitySettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiCall('GET /api/admin/identity/settings') });
}

export function useSaveIdentitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentitySettingsBody) => apiCall('PUT /api/admin/identity/settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export type CheckStatus = IdentityCheck['status'];

export function useIdentityChecks(status: CheckStatus) {
  return useQuery({ queryKey: queryKeyOf('GET /api/admin/identity/checks', { query: { status } }), queryFn: () => apiCall('GET /api/admin/identity/checks', { query: { status } }) });
}

/** Where a reviewer's browser opens a check's file (the session cookie goes with it). */
export const identityDocumentUrl = (id: number, kind: IdentityCheck['documents'][number]['kind']) => `/api/admin/identity/checks/${String(id)}/documents/${kind}`;

export function useDecideIdentityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; approve: true } | { id: number; approve: false; body: IdentityRejectBody }) =>
      decision.approve ? apiCall('POST /api/admin/identity/checks/:id/approve', { params: { id: decision.id } }) : apiCall('POST /api/admin/identity/checks/:id/reject', { params: { id: decision.id }, body: decision.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/admin/identity/checks') }),
  });
}
