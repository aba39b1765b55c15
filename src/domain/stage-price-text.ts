// A stage's price as buyers read it, apart from domain/stages.ts: the landing page shows it and must
// not load the decimal library (BENCHMARKS.md: its 90 KB budget), and padding a decimal string needs none.

/** A stage price as the presale card shows it: 2 decimals, 4 under a dollar, more when the price needs them. */
export function stagePriceText(priceUsd: string): string {
  const [rawWhole = '', rawFraction = ''] = priceUsd.trim().split('.');
  const whole = rawWhole.replace(/^0+(?=\d)/, '') || '0';
  const fraction = rawFraction.replace(/0+$/, '');
  const shown = Math.max(whole === '0' ? 4 : 2, fraction.length);
  return `$${whole}.${fraction.padEnd(shown, '0')}`;
}
