// A chain's set-up in order (issue 28): 1 its account key, 2 an endpoint, 3 the rules; each step's
// number beside its heading, and the list of steps with which are done.
import { Check } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** The step's number in a circle, beside its heading (which keeps its own name). */
export function StepNumber({ n, done = false }: { n: number; done?: boolean }) {
  return (
    <span aria-hidden className={cn('inline-grid size-6 shrink-0 place-items-center rounded-full border text-xs font-semibold', done ? 'border-success bg-success/15 text-green-800 dark:text-success' : 'bg-background')}>
      {n}
    </span>
  );
}

export function PaymentSteps({ name, steps }: { name: string; steps: readonly { label: string; done: boolean }[] }) {
  return (
    <ol aria-label={`${name} steps`} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {steps.map((s, i) => (
        <li key={s.label} className="flex items-center gap-2">
          <StepNumber n={i + 1} done={s.done} />
          <span>{s.label}</span>
          {s.done ? (
            <>
              <Check className="text-success size-4" aria-hidden />
              <span className="sr-only">done</span>
            </>
          ) : (
            <span className="text-muted-foreground">to do</span>
          )}
        </li>
      ))}
    </ol>
  );
}
