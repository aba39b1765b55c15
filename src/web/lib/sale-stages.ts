// Which stage is on sale, read from GET /api/sale's stages without the decimal library: the landing
// page shows them and stays within its 90 KB of script (BENCHMARKS.md). The rules are the domain's
// (domain/stages.ts currentStage, nextStage): a stage is on sale until its closing is recorded, its
// end instant comes or nothing is left in it; the figures are the server's.
import type { PublicStage, Sale } from '@/contracts/sale';
import { scaled } from './format';

const decimalsOf = (...values: string[]) => Math.max(...values.map((v) => v.split('.')[1]?.length ?? 0));

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

/** How much of the stage is taken (its capacity less what is left), in percent for its bar. */
export function stageTakenPercent(stage: Pick<PublicStage, 'capacity' | 'tokensLeft'>): number {
  const dp = decimalsOf(stage.capacity, stage.tokensLeft);
  const capacity = scaled(stage.capacity, dp);
  if (capacity <= 0n) return 100;
  const taken = capacity - scaled(stage.tokensLeft, dp);
  return taken <= 0n ? 0 : Number((taken * 10_000n) / capacity) / 100;
}

/** Whether less than `percent` % of the stage's capacity is left in it. */
export function leftUnderPercent(stage: Pick<PublicStage, 'capacity' | 'tokensLeft'>, percent: number): boolean {
  const dp = decimalsOf(stage.capacity, stage.tokensLeft);
  return scaled(stage.tokensLeft, dp) * 100n < scaled(stage.capacity, dp) * BigInt(percent);
}

/** The stage's name when it says more than its number ("Seed round"), else nothing. */
export function stageNameBeyondNumber(stage: Pick<PublicStage, 'number' | 'name'>): string | null {
  return stage.name.trim().toLowerCase() === `stage ${stage.number}` ? null : stage.name;
}
