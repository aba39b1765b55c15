// Buyer dashboard shell (PRODUCT.md §4): signed-out visitors go to /login and come back after.
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '@/web/lib/toast';
import { SkipToContent } from '@/web/components/skip-to-content';
import { Button } from '@/web/components/ui/button';
import { SidebarInset, SidebarProvider } from '@/web/components/ui/sidebar';
import { useLogout } from '@/web/api/auth';
import { meQueryKey, useMe, useSale } from '@/web/api/first-screen';
import { AppSidebar } from '@/web/features/dashboard/components/app-sidebar';
import { DashboardHeader } from '@/web/features/dashboard/components/dashboard-header';
import { DashboardSkeleton } from '@/web/features/dashboard/components/dashboard-skeleton';
import type { DashboardContext } from '@/web/features/dashboard/hooks/use-buyer';
import { pageTitleOf } from '@/web/features/dashboard/lib/nav';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';

const MAIN_ID = 'main-content';

export function Component() {
  const { data: me, isPending, refetch } = useMe();
  const { data: sale } = useSale();
  const location = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [signedOut, setSignedOut] = useState(false);

  if (isPending) return <DashboardSkeleton />;

  if (me === undefined) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">Could not load your account</h1>
        <p className="text-muted-foreground text-sm">The server could not be reached. Check your connection and try again.</p>
        <Button onClick={() => void refetch()}>Try again</Button>
      </main>
    );
  }

  if (me === null) {
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={signedOut ? paths.login : `${paths.login}?next=${encodeURIComponent(wanted)}`} replace />;
  }

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setSignedOut(true);
        // Nothing of this buyer's stays in memory for whoever uses the browser next.
        queryClient.setQueryData(meQueryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(meQueryKey) });
      },
      onError: (error) => toast.error('Log out failed', { description: errorMessage(error, 'Please try again.') }),
    });

  const symbol = sale?.token.symbol ?? '';
  const context: DashboardContext = { me };

  return (
    <SidebarProvider>
      <SkipToContent target={MAIN_ID} />
      <AppSidebar tokenName={sale?.token.name ?? 'Presale'} symbol={symbol} onLogout={onLogout} loggingOut={logout.isPending} />
      <SidebarInset>
        <DashboardHeader title={pageTitleOf(location.pathname, symbol)} name={me.name} />
        <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none sm:p-6">
          <Outlet context={context} />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
