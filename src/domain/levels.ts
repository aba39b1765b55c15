// Buyer levels (PRODUCT.md §9): a balance's or a purchase's level is the highest whose threshold
// is at or below the token amount; progress is measured toward the next threshold.
import { dec, percentOf, type Decimal } from './decimal';

export const LEVELS = [
  { name: 'Bronze', threshold: '40', bonusPercent: '5' },
  { name: 'Silver', threshold: '200', bonusPercent: '7' },
  { name: 'Gold', threshold: '500', bonusPercent: '10' },
  { name: 'Platinum', threshold: '1000', bonusPercent: '12' },
  { name: 'Diamond', threshold: '5000', bonusPercent: '15' },
  { name: 'Legend', threshold: '50000', bonusPercent: '20' },
] as const;

export type Level = (typeof LEVELS)[number];
export type LevelName = Level['name'];

export interface LevelProgress {
  /** The level reached, or null below the first threshold. */
  level: Level | null;
  /** The next level to reach, or null at the highest level. */
  next: Level | null;
  /** amount ÷ next threshold as a percent (2 decimals, clamped 0–100); "100.00" at the top. */
  percent: string;
}

export function levelOf(amount: string | Decimal): Level | null {
  const value = dec(amount);
  let reached: Level | null = null;
  for (const level of LEVELS) {
    if (value.gte(level.threshold)) reached = level;
  }
  return reached;
}

export function levelProgress(amount: string | Decimal): LevelProgress {
  const value = dec(amount);
  const level = levelOf(value);
  const next = LEVELS.find((l) => value.lt(l.threshold)) ?? null;
  if (!next) return { level, next: null, percent: '100.00' };
  return { level, next, percent: percentOf(value, dec(next.threshold)) };
}

/** Icon path of a level, e.g. /status/gold.svg. */
export function levelIcon(name: LevelName): string {
  return `/status/${name.toLowerCase()}.svg`;
}
