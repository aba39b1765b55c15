// The back-office's sidebar: the shared NavSidebar with the operator's pages and who is signed in.
import { NavSidebar } from '@/web/components/nav-sidebar';
import { paths } from '@/web/lib/paths';
import { ADMIN_NAV } from './nav';

const GROUPS = [{ items: ADMIN_NAV }];

export function AdminSidebar({ login, onLogout, loggingOut }: { login: string; onLogout: () => void; loggingOut: boolean }) {
  return (
    <NavSidebar
      label="Back-office navigation"
      navLabel="Back-office"
      home={{ to: paths.admin.root, title: 'Back-office' }}
      groups={GROUPS}
      signedInAs={login}
      onLogout={onLogout}
      loggingOut={loggingOut}
    />
  );
}
