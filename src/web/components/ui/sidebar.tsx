// A collapsible application sidebar, simplified from the shadcn/ui v4 sidebar: on wide screens it
// collapses to an icon rail (Ctrl/Cmd+B or the trigger) and remembers that choice in the
// `sidebar:state` cookie for 7 days; under 768px it is a drawer opened by the same trigger.
import { Slot } from 'radix-ui';
import { PanelLeftIcon } from 'lucide-react';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ComponentProps, type CSSProperties } from 'react';
import { Button } from './button';
import { cn } from '@/web/lib/utils';

// The drawer (Radix dialog) and the collapsed rail's tooltips (Radix tooltip, Floating UI) were two
// thirds of the dashboard frame's script, and a page's first screen shows neither: each loads when
// it is first needed.
const loadDrawer = () => import('./sidebar-drawer');
const SidebarDrawer = lazy(loadDrawer);
const SidebarTooltip = lazy(() => import('./sidebar-tooltip'));

const COOKIE_NAME = 'sidebar:state';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const KEYBOARD_SHORTCUT = 'b';
const MOBILE_QUERY = '(max-width: 767px)';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

function subscribeMobile(onChange: () => void) {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/** The saved desktop state: open unless the cookie says "false". */
function readOpenCookie(fallback: boolean): boolean {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE_NAME}=`));
  if (!entry) return fallback;
  return entry.slice(COOKIE_NAME.length + 1) !== 'false';
}

function writeOpenCookie(open: boolean): void {
  document.cookie = `${COOKIE_NAME}=${String(open)}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function SidebarProvider({ defaultOpen = true, className, style, children, ...props }: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readOpenCookie(defaultOpen));

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeOpenCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const state = open ? 'expanded' : 'collapsed';
  const value = useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [state, open, setOpen, isMobile, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={{ '--sidebar-width': '16rem', '--sidebar-width-icon': '3rem', ...style } as CSSProperties}
        className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext>
  );
}

export function Sidebar({ className, children, label = 'Sidebar', ...props }: ComponentProps<'div'> & { label?: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  // Once opened, the drawer stays mounted, so that it closes as it does (its animation, focus back to the trigger).
  const [drawerOpened, setDrawerOpened] = useState(false);
  if (openMobile && !drawerOpened) setDrawerOpened(true);

  if (isMobile) {
    // Closed, the drawer renders nothing: until it first opens, its code is not needed.
    return drawerOpened ? (
      <Suspense fallback={null}>
        <SidebarDrawer open={openMobile} onOpenChange={setOpenMobile} label={label}>
          {children}
        </SidebarDrawer>
      </Suspense>
    ) : null;
  }

  return (
    <div
      className="group peer text-sidebar-foreground hidden md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the page flow; the panel itself is fixed. */}
      <div data-slot="sidebar-gap" className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
      <div
        data-slot="sidebar-container"
        className={cn(
          'fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-r transition-[width] duration-200 ease-linear md:flex',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
          className,
        )}
        {...props}
      >
        <div data-sidebar="sidebar" data-slot="sidebar-inner" className="bg-sidebar flex h-full w-full flex-col">
          {children}
        </div>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-sidebar="trigger"
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl+B)"
      // On a phone the drawer's code starts loading as the finger touches the button (or focus reaches it).
      onPointerDown={isMobile ? () => void loadDrawer() : undefined}
      onFocus={isMobile ? () => void loadDrawer() : undefined}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden />
    </Button>
  );
}

/** The page beside the sidebar; put its header and a <main> inside. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-inset" className={cn('bg-background relative flex w-full min-w-0 flex-1 flex-col', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" data-sidebar="header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" data-sidebar="footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarSeparator({ className, ...props }: ComponentProps<'hr'>) {
  return <hr data-slot="sidebar-separator" data-sidebar="separator" className={cn('bg-sidebar-border mx-2 h-px w-auto border-0', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      data-sidebar="content"
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden', className)}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group" data-sidebar="group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      data-sidebar="group-label"
      className={cn(
        'text-sidebar-foreground/70 flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium transition-[margin,opacity] duration-200 ease-linear',
        'group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group-content" data-sidebar="group-content" className={cn('w-full text-sm', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" data-sidebar="menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" data-sidebar="menu-item" className={cn('group/menu-item relative', className)} {...props} />;
}

const menuButtonClass = cn(
  'peer/menu-button flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-hidden transition-[width,height,padding]',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-sidebar-ring focus-visible:ring-2 active:bg-sidebar-accent active:text-sidebar-accent-foreground',
  'disabled:pointer-events-none disabled:opacity-50',
  'aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground aria-[current=page]:font-medium',
  'group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!',
  '[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
);

/** A menu entry; `tooltip` names it while the sidebar is collapsed to icons. */
export function SidebarMenuButton({
  asChild = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; tooltip?: string }) {
  const Comp = asChild ? Slot.Root : 'button';
  const { isMobile, state } = useSidebar();
  const button = <Comp data-slot="sidebar-menu-button" data-sidebar="menu-button" className={cn(menuButtonClass, className)} {...props} />;
  // Only the collapsed rail shows names as tooltips; until their code is there, the entry is plain.
  if (!tooltip || state !== 'collapsed' || isMobile) return button;
  return (
    <Suspense fallback={button}>
      <SidebarTooltip label={tooltip}>{button}</SidebarTooltip>
    </Suspense>
  );
}
