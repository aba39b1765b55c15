// How web tests render a page or a component: with a fresh query cache that never retries, the
// answers the app would already hold (the signed-in operator, an admin's sale settings…), and a
// memory router, as the app gives them. One helper, so a change to the app's providers is made once.
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Operator } from '@/contracts/operators';
import type { Role } from '@/contracts/permissions';
import { operatorQueryKey } from '@/web/api/operators';

/** A signed-in operator of the given role. */
export function operatorAs(role: Role = 'owner'): Operator {
  return { id: 1, login: role, role, mustChangePassword: false, mustEnrolSecondFactor: false, identityAccess: false };
}

export interface RenderOptions {
  /** The signed-in operator, as the back-office holds it once signed in. */
  operator?: Operator;
  /** Other answers already in the cache, each under its query key. */
  cached?: [QueryKey, unknown][];
  /** The router's address; null renders with no router, for pieces that must work without one. */
  route?: string | null;
  /** How long cached answers stay fresh (default 0: a mounted query fetches). */
  staleTime?: number;
}

export function renderWithProviders(ui: ReactNode, { operator, cached = [], route = '/', staleTime = 0 }: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } } });
  if (operator) queryClient.setQueryData(operatorQueryKey, operator);
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{route === null ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}</QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
