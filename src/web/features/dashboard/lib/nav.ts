// The buyer sidebar's groups and entries (PRODUCT.md §4). Titles double as the header's page title.
import { Award, BookOpen, FileText, LayoutDashboard, ShoppingCart, Trophy, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { paths } from '@/web/lib/paths';

export interface NavItem {
  title: (symbol: string) => string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard index). */
  end?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Account',
    items: [
      { title: () => 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, end: true },
      { title: () => 'My Profile', to: paths.profile, icon: UserRound },
      { title: () => 'Status', to: paths.status, icon: Award },
    ],
  },
  {
    label: 'Finances',
    items: [
      { title: () => 'Buy Token', to: paths.buyToken, icon: ShoppingCart },
      { title: (symbol) => (symbol ? `${symbol} Token Hub` : 'Token Hub'), to: paths.myToken, icon: Wallet },
    ],
  },
  {
    label: 'Information',
    items: [
      { title: () => 'How to Buy', to: paths.howToBuy, icon: BookOpen },
      { title: () => 'Leaderboard', to: paths.leaderboard, icon: Trophy },
      { title: () => 'Documents', to: paths.docs, icon: FileText },
    ],
  },
];

/** The title of the sidebar entry for `pathname`, or null for pages not in the sidebar. */
export function pageTitleOf(pathname: string, symbol: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const group of NAV_GROUPS) {
    const item = group.items.find((i) => i.to === path);
    if (item) return item.title(symbol);
  }
  // Pages reached from others rather than from the menu.
  if (path === '/dashboard/transaction') return 'Transaction';
  if (path === '/dashboard/receipt') return 'Receipt';
  if (path === '/dashboard/verification') return 'Verification';
  if (path === '/dashboard/withdrawal/binance') return 'Sending from an exchange';
  return null;
}
