import { Clock, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Sale } from '@/contracts/sale';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { formatDateTime, formatRelative } from '@/web/lib/format';

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const VISIBLE_MS = 5000;

/** True while a live sale's configured end is at most 7 days away, by the server's clock. */
export function endsWithinAWeek(sale: Sale): sale is Sale & { endsAt: string } {
  if (sale.endsAt === null) return false;
  const left = Date.parse(sale.endsAt) - Date.parse(sale.serverTime);
  return sale.state === 'live' && left > 0 && left <= SEVEN_DAYS_MS;
}

/** A notice that the sale ends soon; it can be dismissed and hides itself after 5 s. */
export function SaleEndingNotice({ sale }: { sale: Sale & { endsAt: string } }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const id = window.setTimeout(() => setVisible(false), VISIBLE_MS);
    return () => window.clearTimeout(id);
  }, []);
  if (!visible) return null;
  return (
    <Alert variant="warning" role="status" className="pr-12">
      <Clock aria-hidden />
      <AlertTitle>The presale ends soon</AlertTitle>
      <AlertDescription>
        It ends {formatRelative(new Date(sale.endsAt), new Date(sale.serverTime))}, on {formatDateTime(sale.endsAt)}.
      </AlertDescription>
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
