import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

/** The browser's own select, styled like the inputs: keyboard and screen-reader behaviour for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'border-input dark:bg-input/30 focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive h-9 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:ring-[3px] disabled:opacity-50 md:text-sm [&>option]:bg-background',
        className,
      )}
      {...props}
    />
  );
}
