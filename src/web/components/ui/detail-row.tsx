// One label and its value in a description list (<dl>): side by side; or — on the receipt — in a
// label column that stacks on phones; or stacked, label above value, as one setting among others in a grid.
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

type Layout = 'split' | 'columns' | 'stacked';

const ROW: Record<Layout, string> = {
  split: 'py-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1',
  columns: 'py-2 grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4',
  stacked: 'grid content-start gap-0.5',
};

export function DetailRow({ label, children, layout = 'split' }: { label: string; children: ReactNode; layout?: Layout }) {
  if (layout === 'stacked') {
    return (
      <div className={ROW.stacked}>
        <dt className="text-muted-foreground text-xs">{label}</dt>
        <dd className="min-w-0 text-sm break-words">{children}</dd>
      </div>
    );
  }
  return (
    <div className={ROW[layout]}>
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={cn('min-w-0 font-medium break-all', layout === 'split' && 'text-right')}>{children}</dd>
    </div>
  );
}
