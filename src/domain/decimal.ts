// Exact decimal arithmetic for money and token amounts. A JavaScript number never holds an amount:
// amounts travel as decimal strings and are computed with big.js.
import Big from 'big.js';

export type Decimal = Big;
const AMOUNT_DECIMALS = 6;

export { DECIMAL_PATTERN } from './decimal-pattern';

export function dec(value: string | number | Big): Big {
  return new Big(value);
}

export const ZERO = new Big(0);

/** Rounds down (toward zero) to `dp` decimals. */
export function floorTo(value: Big, dp = AMOUNT_DECIMALS): Big {
  return value.round(dp, Big.roundDown);
}

/** Rounds up (away from zero) to `dp` decimals. */
export function ceilTo(value: Big, dp = AMOUNT_DECIMALS): Big {
  return value.round(dp, Big.roundUp);
}

/** Canonical string with trailing zeros trimmed: "12.500000" → "12.5". */
export function toPlain(value: Big): string {
  return value.toFixed();
}

/** A decimal as text (as the database returns it, "1200.50000000") in its shortest plain form: "1200.5". */
export function plain(value: string): string {
  return toPlain(dec(value));
}

/** Fixed number of decimals, rounded half-up: for display of USD and percents. */
export function toFixed(value: Big, dp: number): string {
  return value.toFixed(dp, Big.roundHalfUp);
}

function min(a: Big, b: Big): Big {
  return a.lt(b) ? a : b;
}

function max(a: Big, b: Big): Big {
  return a.gt(b) ? a : b;
}

/** Percent of part in whole, clamped to 0–100, 2 decimals. A zero whole gives 0. */
export function percentOf(part: Big, whole: Big): string {
  if (whole.lte(0)) return '0.00';
  const p = part.times(100).div(whole);
  return toFixed(min(max(p, ZERO), dec(100)), 2);
}

/** Rounds half-up to `dp` decimals. */
export function roundTo(value: Big, dp = AMOUNT_DECIMALS): Big {
  return value.round(dp, Big.roundHalfUp);
}
