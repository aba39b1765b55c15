/** A yyyy-mm-dd date input → the instant its day starts in the browser's zone; `nextDay` gives the day after. */
export function dayStart(value: string, nextDay = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}
