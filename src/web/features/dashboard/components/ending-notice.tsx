import { Clock, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';

const VISIBLE_MS = 5000;

/** A notice that something ends soon (PRODUCT.md §4): it can be dismissed and hides itself after 5 s. */
export function EndingNotice({ title, children }: { title: string; children: ReactNode }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const id = window.setTimeout(() => setVisible(false), VISIBLE_MS);
    return () => window.clearTimeout(id);
  }, []);
  if (!visible) return null;
  return (
    <Alert variant="warning" role="status" className="pr-12">
      <Clock aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
      <button
        type="button"
        onClick={() => setVisible(false)}
        aria-label="Dismiss"
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 absolute top-2.5 right-2.5 rounded-md p-1 outline-none focus-visible:ring-[3px]"
      >
        <X className="size-4" aria-hidden />
      </button>
    </Alert>
  );
}
