// One label and its value in a description list (<dl>): side by side, or — on the receipt — in a
// label column that stacks on phones.
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

export function DetailRow({ label, children, layout = 'split' }: { label: string; children: ReactNode; layout?: 'split' | 'columns' }) {
  return (
    <div className={cn('py-2', layout === 'split' ? 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1' : 'grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4')}>
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={cn('min-w-0 font-medium break-all', layout === 'split' && 'text-right')}>{children}</dd>
    </div>
  );
}
