import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { Content } from '@/contracts/content';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { Section } from './section';

/**
 * Single-open accordion with the first question open (the WAI-ARIA accordion pattern: buttons in
 * headings, each controlling a region). Hand-written rather than the Radix accordion, which would
 * be a third of the landing page's own code.
 */
export function Faq({ items }: { items: Content['faq'] | undefined }) {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <Section id="faq" title="FAQ" intro="Answers to the questions buyers ask most.">
      <div className="mx-auto max-w-3xl">
        {items ? (
          <div className="bg-card rounded-lg border px-4">
            {items.map((item, i) => {
              const expanded = open === i;
              return (
                <div key={item.question} className="border-b last:border-b-0">
                  <h3 className="flex">
                    <button
                      type="button"
                      id={`faq-question-${i}`}
                      aria-expanded={expanded}
                      aria-controls={`faq-answer-${i}`}
                      onClick={() => setOpen(expanded ? null : i)}
                      className="focus-visible:border-ring focus-visible:ring-ring/50 flex flex-1 items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-all outline-none hover:underline focus-visible:ring-[3px]"
                    >
                      {item.question}
                      <ChevronDown aria-hidden className={cn('text-muted-foreground pointer-events-none size-4 shrink-0 translate-y-0.5 transition-transform duration-200', expanded && 'rotate-180')} />
                    </button>
                  </h3>
                  <div id={`faq-answer-${i}`} role="region" aria-labelledby={`faq-question-${i}`} hidden={!expanded} className="text-muted-foreground pb-4 text-sm leading-6">
                    {item.answer}
                  </div>
                </div>
              );
            })}
          </div>
        ) : (
          <Skeleton className="h-64" />
        )}
      </div>
    </Section>
  );
}
