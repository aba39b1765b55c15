// Display formatting for amounts that arrive as decimal strings. No amount passes through a
// floating-point number on its way to the screen: Intl.NumberFormat reads a string as an exact
// decimal (ECMA-402 since 2023), rounds it half away from zero as big.js's roundHalfUp does, and
// groups the digits. The decimal library stays off the pages that only display amounts.

const fixedFormats = new Map<number, Intl.NumberFormat>();

/** "1234567.5" → "1,234,567.50" with exactly `dp` decimals (half-up). */
export function formatFixed(value: string, dp: number): string {
  let format = fixedFormats.get(dp);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: dp, maximumFractionDigits: dp, roundingMode: 'halfExpand' });
    fixedFormats.set(dp, format);
  }
  return format.format(value as Intl.StringNumericLiteral);
}

/** US dollars with 2 decimals: "$1,234.50". */
export function formatUsd(value: string): string {
  const s = formatFixed(value, 2);
  return s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`;
}

/**
 * The token price in US dollars with every decimal it has and at least two, so a sub-cent price
 * is not rounded away: "0.0137" → "$0.0137", "0.05" → "$0.05", "1234.5" → "$1,234.50".
 */
export function formatUsdPrice(value: string): string {
  const fraction = value.split('.')[1]?.replace(/0+$/, '') ?? '';
  const s = formatFixed(value, Math.min(Math.max(2, fraction.length), 100));
  return s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`;
}

/** Token or crypto amount: grouped, at most `maxDp` decimals, trailing zeros trimmed. */
export function formatAmount(value: string, maxDp = 6): string {
  const s = formatFixed(value, maxDp);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** A pay amount in a crypto: kept to the currency's own decimals, at most 8 (satoshis), so every one shows. */
export function formatPayAmount(value: string): string {
  return formatAmount(value, 8);
}

/** Percent with 2 decimals: "12.34%". */
export function formatPercent(value: string): string {
  return `${formatFixed(value, 2)}%`;
}

/** A non-negative decimal string as an integer of `dp` decimals (digits past `dp` dropped). */
export function scaled(value: string, dp: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(dp, '0').slice(0, dp));
}

/**
 * A sale's progress (tokens sold of the hard cap, `percent` as the server rounded it): "< 0.01%"
 * when some tokens are sold but under 0.01 % of the cap, which 2 decimals would show as 0.00 %.
 */
export function formatProgress(percent: string, tokensSold: string, hardCap: string): string {
  const dp = Math.max(tokensSold.split('.')[1]?.length ?? 0, hardCap.split('.')[1]?.length ?? 0);
  const sold = scaled(tokensSold, dp);
  if (sold > 0n && sold * 10_000n < scaled(hardCap, dp)) return '< 0.01%';
  return formatPercent(percent);
}

/** Date and time in the viewer's zone with the zone named, e.g. "Nov 23, 2026, 14:05 GMT+1". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));
}
