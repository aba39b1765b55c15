// A stage's figures beyond which stage is on sale (sale-stages.ts): how much of it is taken, whether
// little is left, its name. Only the presale card's stage block, the stages table and the
// dashboard's stage notice show them, all loaded after the landing page's first screen, so this file
// stays out of the shell chunk that page loads first (vite.config.ts SHELL; its 90 KB of script).
import type { PublicStage } from '@/contracts/sale';
import { scaled } from './format';
import { decimalsOf } from './sale-stages';

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
