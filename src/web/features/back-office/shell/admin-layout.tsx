import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ThemeToggle } from '@/web/components/theme-toggle';
import { Separator } from '@/web/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/web/components/ui/sidebar';
import { useOperatorLogout } from '@/web/api/operators';
import { paths } from '@/web/lib/paths';
import { AdminSidebar } from './admin-sidebar';
import { StepUpDialog } from './step-up-dialog';

/** The back-office shell: the same sidebar as the buyer dashboard, a header with its trigger, and the page. */
export function AdminLayout({ login, children }: { login: string; children: ReactNode }) {
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  const signOut = () => logout.mutate(undefined, { onSettled: () => void navigate(paths.admin.login, { replace: true }) });

  return (
    <SidebarProvider>
      <AdminSidebar login={login} onLogout={signOut} loggingOut={logout.isPending} />
      <SidebarInset>
        <header className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-1 h-4!" />
          <p className="min-w-0 truncate font-medium">Back-office</p>
          <ThemeToggle className="ml-auto" />
        </header>
        <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
        <StepUpDialog />
      </SidebarInset>
    </SidebarProvider>
  );
}
