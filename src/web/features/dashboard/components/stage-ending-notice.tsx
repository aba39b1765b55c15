// The dashboard's "stage is ending" notice (PRODUCT.md §4, issue 30): shown only when the stage on
// sale ends within 24 hours or has under 5 % of its capacity left, each with its real figure.
import type { Sale } from '@/contracts/sale';
import { stagePriceText } from '@/domain/stage-price-text';
import { formatAmount } from '@/web/lib/format';
import { stagesAt } from '@/web/lib/sale-stages';
import { leftUnderPercent } from '@/web/lib/stage-details';
import { EndingNotice } from './ending-notice';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOW_PERCENT = 5;

/** "5 h 12 min", "12 min", "less than a minute": how long until a stage's end. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * What the notice says about the current stage at the sale's server time, or null when neither
 * threshold is met. A sale in one stage has its own notice (the sale's end) and no stage talk.
 */
export function stageEndingLines(sale: Sale): string[] | null {
  if (sale.state !== 'live' || sale.stages.length < 2) return null;
  const now = Date.parse(sale.serverTime);
  const { current } = stagesAt(sale, now);
  if (!current) return null;
  const lines: string[] = [];
  const left = current.endsAt === null ? null : Date.parse(current.endsAt) - now;
  if (left !== null && left <= DAY_MS) lines.push(`Stage ${current.number} ends in ${formatTimeLeft(left)}.`);
  if (leftUnderPercent(current, LOW_PERCENT)) lines.push(`Only ${formatAmount(current.tokensLeft)} ${sale.token.symbol} left in Stage ${current.number} at ${stagePriceText(current.priceUsd)}.`);
  return lines.length > 0 ? lines : null;
}

export function StageEndingNotice({ lines }: { lines: string[] }) {
  return (
    <EndingNotice title="The current stage is ending">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </EndingNotice>
  );
}
