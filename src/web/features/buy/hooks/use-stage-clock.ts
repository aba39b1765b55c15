import { useEffect, useState } from 'react';
import type { Sale } from '@/contracts/sale';

const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The server's clock for pricing a purchase: the sale's serverTime carried forward by the browser's
 * clock since `receivedAt`. It moves when a stage's end instant comes (the quote is then priced in
 * the next stage, as the server will), not every second: nothing else on the page follows the time.
 */
export function useStageClock(sale: Pick<Sale, 'serverTime' | 'stages'>, receivedAt: number): Date {
  const serverTime = Date.parse(sale.serverTime);
  const offset = serverTime - receivedAt;
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  // Never before the figures' own time: a fresh answer is newer than the last tick.
  const now = Math.max(browserNow + offset, serverTime);
  const wakeAt = sale.stages.reduce<number | null>((soonest, s) => {
    const end = s.closedAt === null && s.endsAt !== null ? Date.parse(s.endsAt) : null;
    return end !== null && end > now && (soonest === null || end < soonest) ? end : soonest;
  }, null);
  useEffect(() => {
    if (wakeAt === null) return;
    // A timer's longest delay is about 24.8 days: one due later wakes then and waits again.
    const id = window.setTimeout(() => setBrowserNow(Date.now()), Math.min(MAX_DELAY_MS, Math.max(0, wakeAt - offset - Date.now())));
    return () => window.clearTimeout(id);
  }, [wakeAt, offset, browserNow]);
  return new Date(now);
}
