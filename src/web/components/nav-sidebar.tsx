// The one sidebar of the signed-in surfaces (dashboard and back-office): a home link, groups of
// navigation links, who is signed in, and Log out. An icon rail on desktop, a drawer on phones.
import { LogOut, type LucideIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '@/web/components/ui/sidebar';

export interface NavSidebarItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (a surface's index). */
  end?: boolean;
}

export interface NavSidebarGroup {
  /** Shown above the group and naming it for screen readers; a single group may do without. */
  label?: string;
  items: readonly NavSidebarItem[];
}

export interface NavSidebarProps {
  /** The landmark's name, e.g. "Dashboard navigation". */
  label: string;
  /** The name of the <nav> inside it, e.g. "Dashboard". */
  navLabel: string;
  home: { to: string; title: string; subtitle?: string };
  groups: readonly NavSidebarGroup[];
  /** Shown above Log out when given. */
  signedInAs?: string;
  onLogout: () => void;
  loggingOut: boolean;
}

export function NavSidebar({ label, navLabel, home, groups, signedInAs, onLogout, loggingOut }: NavSidebarProps) {
  const { isMobile, setOpenMobile } = useSidebar();
  // In the drawer, following a link also closes it.
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label={label}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild className="h-12 group-data-[collapsible=icon]:p-1!" tooltip={home.title}>
              <Link to={home.to} onClick={closeDrawer}>
                <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="truncate font-semibold">{home.title}</span>
                  {home.subtitle && <span className="text-sidebar-foreground/70 truncate text-xs">{home.subtitle}</span>}
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label={navLabel}>
          {groups.map((group, index) => (
            <SidebarGroup key={group.label ?? index} {...(group.label ? { role: 'group', 'aria-label': group.label } : {})}>
              {group.label && <SidebarGroupLabel aria-hidden>{group.label}</SidebarGroupLabel>}
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.items.map((item) => (
                    <SidebarMenuItem key={item.to}>
                      <SidebarMenuButton asChild tooltip={item.label}>
                        <NavLink to={item.to} end={item.end} onClick={closeDrawer}>
                          <item.icon aria-hidden />
                          <span>{item.label}</span>
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        {signedInAs && (
          <p className="text-sidebar-foreground/70 truncate px-2 text-sm group-data-[collapsible=icon]:hidden">
            Signed in as <span className="text-sidebar-foreground font-medium">{signedInAs}</span>
          </p>
        )}
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Log out" onClick={onLogout} disabled={loggingOut}>
              <LogOut aria-hidden />
              <span>Log out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
