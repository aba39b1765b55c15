import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** A landing section: an anchor target (scroll-margin clears the sticky header) with a heading. */
export function Section({ id, title, intro, className, children }: { id: string; title: string; intro?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('mx-auto max-w-6xl scroll-mt-20 px-4 py-16', className)}>
      <div className="mb-8 grid gap-2 text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="text-muted-foreground mx-auto max-w-2xl">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}
