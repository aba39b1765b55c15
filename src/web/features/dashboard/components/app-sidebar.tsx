// The dashboard's sidebar: the shared NavSidebar with the buyer's groups, titles naming the token.
import { NavSidebar } from '@/web/components/nav-sidebar';
import { paths } from '@/web/lib/paths';
import { NAV_GROUPS } from '../lib/nav';

export function AppSidebar({ tokenName, symbol, onLogout, loggingOut }: { tokenName: string; symbol: string; onLogout: () => void; loggingOut: boolean }) {
  const groups = NAV_GROUPS.map((group) => ({ label: group.label, items: group.items.map(({ title, ...item }) => ({ ...item, label: title(symbol) })) }));
  return (
    <NavSidebar
      label="Dashboard navigation"
      navLabel="Dashboard"
      home={{ to: paths.home, title: tokenName, subtitle: 'Official Presale' }}
      groups={groups}
      onLogout={onLogout}
      loggingOut={loggingOut}
    />
  );
}
