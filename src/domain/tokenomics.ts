// Tokenomics slices as the landing page charts them: the operator's slices, and what they leave
// of 100% as Unallocated.
import { dec, toPlain, ZERO } from './decimal';

export interface Slice {
  label: string;
  percent: string;
}

export const UNALLOCATED = 'Unallocated';

/** The slices with a zero or positive remainder appended as Unallocated; empty slices are dropped. */
export function withUnallocated(slices: readonly Slice[]): Slice[] {
  const kept = slices.filter((s) => dec(s.percent).gt(0));
  const used = kept.reduce((sum, s) => sum.plus(s.percent), ZERO);
  const rest = dec(100).minus(used);
  return rest.gt(0) ? [...kept, { label: UNALLOCATED, percent: toPlain(rest) }] : kept;
}
