import { Navigate, Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useOperator } from '@/web/api/operators';
import { AdminLayout } from '@/web/features/back-office/shell/admin-layout';
import { paths } from '@/web/lib/paths';
import { ROLE_LABELS } from '@/contracts/permissions';

/** Every /admin page but sign-in: signed-out visitors go to /admin/login and come back after. */
export function Component() {
  const { data: operator, isPending, isError } = useOperator();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="grid gap-4 p-8" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-destructive p-8">
        The back-office could not be reached. Reload the page to try again.
      </p>
    );
  }
  if (!operator) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.admin.login}?next=${encodeURIComponent(next)}`} replace />;
  }
  // A one-time password: choosing their own comes first (the server refuses the rest until then).
  // So is two-factor sign-in, when the sale requires it: both live on the Change Pass page.
  if ((operator.mustChangePassword || operator.mustEnrolSecondFactor) && location.pathname !== paths.admin.changePassword) return <Navigate to={paths.admin.changePassword} replace />;
  return (
    <AdminLayout login={`${operator.login} (${ROLE_LABELS[operator.role]})`}>
      <Outlet />
    </AdminLayout>
  );
}
