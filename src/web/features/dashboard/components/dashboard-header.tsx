import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import { Separator } from '@/web/components/ui/separator';
import { SidebarTrigger } from '@/web/components/ui/sidebar';
import { ThemeToggle } from '@/web/components/theme-toggle';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

export function DashboardHeader({ title, name }: { title: string | null; name: string }) {
  return (
    <header className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-4!" />
      <p className="min-w-0 truncate font-medium">{title}</p>
      <div className="ml-auto flex min-w-0 items-center gap-2">
        <ThemeToggle />
        <div className="flex min-w-0 items-center gap-2">
          <Avatar>
            <AvatarFallback className="bg-primary/10 text-primary">{initials(name)}</AvatarFallback>
          </Avatar>
          <span className="max-w-[9rem] truncate text-sm font-medium sm:max-w-[16rem]">
            {name}
          </span>
        </div>
      </div>
    </header>
  );
}
