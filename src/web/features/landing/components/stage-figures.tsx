// The presale card's stage block (PRODUCT.md §3), in a chunk of its own: only a sale with several
// stages loads it, so a sale in one stage keeps the landing page's script budget (BENCHMARKS.md).
import type { PublicStage, Sale } from '@/contracts/sale';
import { stagePriceText } from '@/domain/stage-price-text';
import { Progress } from '@/web/components/ui/progress';
import { formatAmount } from '@/web/lib/format';
import { stageNameBeyondNumber, stageTakenPercent } from '@/web/lib/stage-details';
import { Countdown } from './countdown';

/** The stage on sale (PRODUCT.md §3): its number of all, name, what is left in it with its bar, the next price and its end. */
export default function StageFigures({ sale, stage, next, now }: { sale: Sale; stage: PublicStage; next: PublicStage | undefined; now: number }) {
  const name = stageNameBeyondNumber(stage);
  const endsAt = stage.endsAt === null ? null : Date.parse(stage.endsAt);
  // A stage ending with the sale (or after it) needs no countdown of its own: the sale's says it.
  const ownEnd = sale.state === 'live' && endsAt !== null && (sale.endsAt === null || endsAt < Date.parse(sale.endsAt));
  return (
    <section aria-label="Current stage" className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">
          Stage {stage.number} of {sale.stages.length}
        </span>
        {name ? <span className="text-muted-foreground min-w-0 break-words">{name}</span> : null}
      </div>
      <Progress value={stageTakenPercent(stage)} aria-label={`Stage ${stage.number} progress`} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span>
          {formatAmount(stage.tokensLeft)} {sale.token.symbol} left in this stage
        </span>
        {next ? <span className="font-medium">Next price {stagePriceText(next.priceUsd)}</span> : null}
      </div>
      {ownEnd ? <Countdown label="Stage ends in" at={endsAt} now={now} size="sm" /> : null}
    </section>
  );
}
