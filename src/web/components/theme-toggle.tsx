import { Moon, Sun } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useTheme } from '@/web/lib/theme';
import { cn } from '@/web/lib/utils';

/** Switches between the light and dark theme; its name says which one it switches to. */
export function ThemeToggle({ className }: { className?: string }) {
  const { resolved, toggle } = useTheme();
  return (
    <Button variant="ghost" size="icon" className={cn('size-8', className)} onClick={toggle} aria-label={resolved === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
      {resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
