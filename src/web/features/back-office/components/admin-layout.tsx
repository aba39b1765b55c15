import { Coins, FileText, History, KeyRound, LogOut, Menu, Moon, MousePointerClick, Receipt, Settings2, Sun, Users, Wallet, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/lib/paths';
import { useTheme } from '@/web/lib/theme';
import { cn } from '@/web/lib/utils';
import { useOperatorLogout } from '@/web/api/admin/operator';

const NAV = [
  { label: 'Crypto', to: paths.admin.root, icon: Coins, end: true },
  { label: 'Users', to: paths.admin.users, icon: Users },
  { label: 'Transactions', to: paths.admin.transactions, icon: Receipt },
  { label: 'Sale', to: paths.admin.sale, icon: Settings2 },
  { label: 'Main currency', to: paths.admin.mainCurrency, icon: Wallet },
  { label: 'Content', to: paths.admin.content, icon: FileText },
  { label: 'Pixels', to: paths.admin.pixels, icon: MousePointerClick },
  { label: 'Change Pass', to: paths.admin.changePassword, icon: KeyRound },
  { label: 'Audit', to: paths.admin.audit, icon: History },
] as const;

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="grid gap-1">
      {NAV.map(({ label, to, icon: Icon, ...rest }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={'end' in rest}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn('hover:bg-accent flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium', isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground')
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AdminLayout({ login, children }: { login: string; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const { resolved, toggle } = useTheme();
  const signOut = () => logout.mutate(undefined, { onSettled: () => void navigate(paths.admin.login, { replace: true }) });

  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <aside className="bg-sidebar text-sidebar-foreground hidden w-60 shrink-0 flex-col border-r md:flex">
        <Link to={paths.admin.root} className="flex items-center gap-2 border-b px-4 py-4 font-semibold">
          <img src="/favicon.svg" alt="" className="size-7" width={28} height={28} />
          Back-office
        </Link>
        <nav aria-label="Back-office" className="flex-1 p-3">
          <NavList />
        </nav>
        <div className="grid gap-2 border-t p-3 text-sm">
          <p className="text-muted-foreground truncate px-3">
            Signed in as <span className="text-foreground font-medium">{login}</span>
          </p>
          <Button variant="ghost" className="justify-start" onClick={toggle} aria-label={resolved === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
            {resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
            {resolved === 'dark' ? 'Light theme' : 'Dark theme'}
          </Button>
          <Button variant="ghost" className="justify-start" onClick={signOut}>
            <LogOut aria-hidden /> Log out
          </Button>
        </div>
      </aside>
      <header className="bg-background sticky top-0 z-30 flex h-14 items-center gap-2 border-b px-4 md:hidden">
        <Button variant="ghost" size="icon" aria-label={menuOpen ? 'Close menu' : 'Open menu'} aria-expanded={menuOpen} aria-controls="admin-menu" onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
        <span className="font-semibold">Back-office</span>
        <Button variant="ghost" size="icon" className="ml-auto" onClick={toggle} aria-label={resolved === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
          {resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
        </Button>
      </header>
      {menuOpen ? (
        <nav id="admin-menu" aria-label="Back-office" className="bg-background border-b p-3 md:hidden" key={location.key}>
          <NavList onNavigate={() => setMenuOpen(false)} />
          <Button variant="ghost" className="mt-2 w-full justify-start" onClick={signOut}>
            <LogOut aria-hidden /> Log out ({login})
          </Button>
        </nav>
      ) : null}
      <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
    </div>
  );
}

/** A back-office page: its heading, an optional description and actions, and its content. */
export function AdminPage({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
