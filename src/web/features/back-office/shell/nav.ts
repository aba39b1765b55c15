// The back-office sidebar's entries, in the order an operator sets up a sale.
import { ChartColumn, Dices, Coins, FileText, Gift, History, IdCard, KeyRound, Mail, MousePointerClick, Radar, Receipt, Send, Settings2, ShieldCheck, Undo2, Users, Wallet } from 'lucide-react';
import type { Capability } from '@/contracts/permissions';
import type { NavSidebarItem } from '@/web/components/nav-sidebar';
import { paths } from '@/web/lib/paths';

export const ADMIN_NAV: readonly NavSidebarItem[] = [
  { label: 'Overview', to: paths.admin.overview, icon: ChartColumn },
  { label: 'Crypto', to: paths.admin.root, icon: Coins, end: true },
  { label: 'Users', to: paths.admin.users, icon: Users },
  { label: 'Transactions', to: paths.admin.transactions, icon: Receipt },
  { label: 'Withdrawals', to: paths.admin.withdrawals, icon: Undo2 },
  { label: 'Identity checks', to: paths.admin.identity, icon: IdCard },
  { label: 'Sale', to: paths.admin.sale, icon: Settings2 },
  { label: 'Referrals', to: paths.admin.referrals, icon: Gift },
  { label: 'Prize draws', to: paths.admin.draws, icon: Dices },
  { label: 'Main currency', to: paths.admin.mainCurrency, icon: Wallet },
  { label: 'Payments', to: paths.admin.payments, icon: Radar },
  { label: 'Content', to: paths.admin.content, icon: FileText },
  { label: 'Pixels', to: paths.admin.pixels, icon: MousePointerClick },
  { label: 'Outbox', to: paths.admin.outbox, icon: Mail },
  { label: 'Distribution', to: paths.admin.distribution, icon: Send },
  { label: 'Operators', to: paths.admin.operators, icon: ShieldCheck },
  { label: 'Change Pass', to: paths.admin.changePassword, icon: KeyRound },
  { label: 'Audit', to: paths.admin.audit, icon: History },
];

/** Entries shown only to operators who may use them (the server refuses the rest anyway). */
export const ADMIN_NAV_NEEDS: Partial<Record<string, Capability>> = { [paths.admin.identity]: 'identity' };
