import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/web/lib/theme';

/** One toast at a time, dismissed after 5 s (PRODUCT.md §2). */
export function Toaster(props: ToasterProps) {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      visibleToasts={1}
      duration={5000}
      closeButton
      richColors
      className="toaster group"
      style={{ '--normal-bg': 'var(--popover)', '--normal-text': 'var(--popover-foreground)', '--normal-border': 'var(--border)' } as React.CSSProperties}
      {...props}
    />
  );
}
