import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '@/web/components/ui/sidebar';
import { paths } from '@/web/lib/paths';
import { ADMIN_NAV } from '../lib/nav';

export function AdminSidebar({ login, onLogout, loggingOut }: { login: string; onLogout: () => void; loggingOut: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
  // In the drawer, following a link also closes it.
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Back-office navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild className="h-12 group-data-[collapsible=icon]:p-1!" tooltip="Back-office">
              <Link to={paths.admin.root} onClick={closeDrawer}>
                <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
                <span className="truncate font-semibold">Back-office</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label="Back-office">
          <SidebarGroup>
            <SidebarGroupContent>
              <SidebarMenu>
                {ADMIN_NAV.map((item) => (
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
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <p className="text-sidebar-foreground/70 truncate px-2 text-sm group-data-[collapsible=icon]:hidden">
          Signed in as <span className="text-sidebar-foreground font-medium">{login}</span>
        </p>
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
