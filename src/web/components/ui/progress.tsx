import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

/**
 * `value` is a percent, 0–100. The ARIA progressbar the Radix primitive renders, without the
 * primitive: it is on the landing page, where every kilobyte of script counts.
 */
export function Progress({ className, value, ...props }: ComponentProps<'div'> & { value: number }) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${Math.round(percent)}%`}
      data-slot="progress"
      className={cn('bg-primary/20 relative h-2 w-full overflow-hidden rounded-full', className)}
      {...props}
    >
      <div data-slot="progress-indicator" className="bg-primary h-full w-full flex-1 transition-all" style={{ transform: `translateX(-${100 - percent}%)` }} />
    </div>
  );
}
