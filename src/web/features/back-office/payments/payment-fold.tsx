// The settings of a chain none of whose currencies is on offer, folded (issue 28): the reason, and a
// button that opens them. A chain with a currency on offer shows its settings as they are.
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

export function PaymentFold({ folded, reason, label, children }: { folded: boolean; reason: string; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!folded) return children;
  return (
    <div className="grid gap-6">
      <div className="bg-muted/40 flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
        <p className="text-muted-foreground min-w-0 flex-1 basis-64 text-sm">{reason}</p>
        <Button type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <ChevronDown className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} aria-hidden />
          {label}
        </Button>
      </div>
      <div id={id} hidden={!open} className="grid gap-6">
        {open ? children : null}
      </div>
    </div>
  );
}
