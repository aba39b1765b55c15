// Token Details' table of stages (PRODUCT.md §3, issue 30), loaded only for a sale in rounds.
import type { PublicStage } from '@/contracts/sale';
import { stagePriceText } from '@/domain/stage-price-text';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { stageNameBeyondNumber } from '@/web/lib/stage-details';

const STATE_LABELS: Record<PublicStage['state'], string> = { closed: 'Closed', current: 'On sale now', upcoming: 'Upcoming' };

/** The stage's state, with when it closed or when it ends. */
function stageState(stage: PublicStage): { label: string; when: string | null } {
  const label = STATE_LABELS[stage.state];
  if (stage.state === 'closed') return { label, when: stage.closedAt ? `${stage.closeReason === 'sold_out' ? 'Sold out' : 'Ended'} ${formatDateTime(stage.closedAt)}` : null };
  return { label, when: stage.endsAt ? `Ends ${formatDateTime(stage.endsAt)}` : null };
}

/**
 * Every stage (PRODUCT.md §3): its price, allocation, tokens sold and state. A table from 640 px;
 * narrower, one card per stage, so a phone never scrolls sideways.
 */
export default function StagesTable({ stages, symbol }: { stages: PublicStage[]; symbol: string }) {
  return (
    <div className="mx-auto mt-8 grid max-w-4xl gap-3">
      <h3 id="stages-title" className="text-xl font-semibold tracking-tight">
        Sale stages
      </h3>
      <table aria-labelledby="stages-title" className="bg-card hidden w-full rounded-lg border text-sm sm:table">
        <thead>
          <tr className="text-muted-foreground border-b text-left">
            <th scope="col" className="p-3 font-medium">
              Stage
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Allocation
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Sold
            </th>
            <th scope="col" className="p-3 font-medium">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {stages.map((stage) => {
            const name = stageNameBeyondNumber(stage);
            const state = stageState(stage);
            return (
              <tr key={stage.number} className="border-b last:border-b-0" aria-current={stage.state === 'current' ? 'step' : undefined}>
                <th scope="row" className="p-3 text-left font-semibold">
                  Stage {stage.number}
                  {name ? <span className="text-muted-foreground block font-normal break-words">{name}</span> : null}
                </th>
                <td className="p-3 text-right tabular-nums">{stagePriceText(stage.priceUsd)}</td>
                <td className="p-3 text-right tabular-nums">
                  {formatAmount(stage.allocation)} {symbol}
                </td>
                <td className="p-3 text-right tabular-nums">
                  {formatAmount(stage.tokensSold)} {symbol}
                </td>
                <td className="p-3">
                  <span className={stage.state === 'current' ? 'text-primary font-semibold' : undefined}>{state.label}</span>
                  {state.when ? <span className="text-muted-foreground block text-xs">{state.when}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul aria-label="Sale stages" className="grid gap-3 sm:hidden">
        {stages.map((stage) => {
          const name = stageNameBeyondNumber(stage);
          const state = stageState(stage);
          return (
            <li key={stage.number} className="bg-card grid gap-2 rounded-lg border p-4" aria-current={stage.state === 'current' ? 'step' : undefined}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">
                  Stage {stage.number}
                  {name ? <span className="text-muted-foreground font-normal"> · {name}</span> : null}
                </span>
                <span className={stage.state === 'current' ? 'text-primary text-sm font-semibold' : 'text-sm'}>{state.label}</span>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div className="min-w-0">
                  <dt className="text-muted-foreground text-xs">Price</dt>
                  <dd className="font-medium break-words">{stagePriceText(stage.priceUsd)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-muted-foreground text-xs">Allocation</dt>
                  <dd className="font-medium break-words">{formatAmount(stage.allocation)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-muted-foreground text-xs">Sold</dt>
                  <dd className="font-medium break-words">{formatAmount(stage.tokensSold)}</dd>
                </div>
              </dl>
              {state.when ? <p className="text-muted-foreground text-xs">{state.when}</p> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
