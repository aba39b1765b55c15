// The back-office's sidebar: the shared NavSidebar with the operator's pages and who is signed in.
import { NavSidebar } from '@/web/components/nav-sidebar';
import { paths } from '@/web/lib/paths';
import { useCan } from '@/web/api/operators';
import { ADMIN_NAV, ADMIN_NAV_NEEDS } from './nav';

export function AdminSidebar({ login, onLogout, loggingOut }: { login: string; onLogout: () => void; loggingOut: boolean }) {
  const can = useCan();
  const items = ADMIN_NAV.filter((item) => {
    const need = ADMIN_NAV_NEEDS[item.to];
    return need === undefined || can(need);
  });
  return (
    <NavSidebar
      label="Back-office navigation"
      navLabel="Back-office"
      home={{ to: paths.admin.root, title: 'Back-office' }}
      groups={[{ items }]}
      signedInAs={login}
      onLogout={onLogout}
      loggingOut={loggingOut}
    />
  );
}
