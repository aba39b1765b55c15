// Which stage is on sale, read from GET /api/sale's stages without the decimal library: the landing
// page's first screen needs it for its price, and stays within its 90 KB of script (BENCHMARKS.md);
// what only the stage block, the stages table and the dashboard's notice show is in stage-details.ts,
// out of the landing page's first load. The rules are the domain's
// (domain/stages.ts currentStage, nextStage): a stage is on sale until its closing is recorded, its
// end instant comes or nothing is left in it; the figures are the server's.
import type { PublicStage, Sale } from '@/contracts/sale';
import { scaled } from './format';

/** The most decimals among the values (their common scale for `scaled`). */
export const decimalsOf = (...values: string[]) => Math.max(...values.map((v) => v.split('.')[1]?.length ?? 0));

/** Whether the stage still sells at `now` (milliseconds, by the server's clock). */
export function isStageOpen(stage: PublicStage, now: number): boolean {
  return stage.closedAt === null && (stage.endsAt === null || Date.parse(stage.endsAt) > now) && scaled(stage.tokensLeft, decimalsOf(stage.tokensLeft)) > 0n;
}

/** The stage on sale at `now` and the open stage after it (its price is the buyer's "next price"). */
export function stagesAt(sale: Pick<Sale, 'stages'>, now: number): { current: PublicStage | undefined; next: PublicStage | undefined } {
  const current = sale.stages.find((s) => isStageOpen(s, now));
  const next = current ? sale.stages.find((s) => s.number > current.number && isStageOpen(s, now)) : undefined;
  return { current, next };
}
