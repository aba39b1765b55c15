import type { Sale } from '@/contracts/sale';
import { formatDateTime } from '@/web/lib/format';
import { formatRelative } from '@/web/lib/format-relative';
import { EndingNotice } from './ending-notice';

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/** True while a live sale's configured end is at most 7 days away, by the server's clock. */
export function endsWithinAWeek(sale: Sale): sale is Sale & { endsAt: string } {
  if (sale.endsAt === null) return false;
  const left = Date.parse(sale.endsAt) - Date.parse(sale.serverTime);
  return sale.state === 'live' && left > 0 && left <= SEVEN_DAYS_MS;
}

/** A notice that the sale ends soon; it can be dismissed and hides itself after 5 s. */
export function SaleEndingNotice({ sale }: { sale: Sale & { endsAt: string } }) {
  return (
    <EndingNotice title="The presale ends soon">
      It ends {formatRelative(new Date(sale.endsAt), new Date(sale.serverTime))}, on {formatDateTime(sale.endsAt)}.
    </EndingNotice>
  );
}
