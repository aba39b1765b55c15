import { LogOut } from 'lucide-react';
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
import { paths } from '@/web/lib/paths';
import { NAV_GROUPS } from '../lib/nav';

export function AppSidebar({ tokenName, symbol, onLogout, loggingOut }: { tokenName: string; symbol: string; onLogout: () => void; loggingOut: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
  // In the drawer, following a link also closes it.
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Dashboard navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild className="h-12 group-data-[collapsible=icon]:p-1!" tooltip={tokenName}>
              <Link to={paths.home} onClick={closeDrawer}>
                <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="truncate font-semibold">{tokenName}</span>
                  <span className="text-sidebar-foreground/70 truncate text-xs">Official Presale</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label="Dashboard">
          {NAV_GROUPS.map((group) => (
            <SidebarGroup key={group.label} role="group" aria-label={group.label}>
              <SidebarGroupLabel aria-hidden>{group.label}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.items.map((item) => {
                    const title = item.title(symbol);
                    return (
                      <SidebarMenuItem key={item.to}>
                        <SidebarMenuButton asChild tooltip={title}>
                          <NavLink to={item.to} end={item.end} onClick={closeDrawer}>
                            <item.icon aria-hidden />
                            <span>{title}</span>
                          </NavLink>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    );
                  })}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
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
