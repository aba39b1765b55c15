// The unit the sale's order expiry (its payment window) is counted in: minutes, or seconds on a test
// server (ORDER_EXPIRY_UNIT), so a browser test of expiry waits seconds rather than a minute.
export const ORDER_EXPIRY_UNITS = ['minutes', 'seconds'] as const;
export type OrderExpiryUnit = (typeof ORDER_EXPIRY_UNITS)[number];

export const ORDER_EXPIRY_UNIT_MS: Record<OrderExpiryUnit, number> = { minutes: 60_000, seconds: 1000 };

/** The longest order expiry, 7 days, in each unit. */
export const ORDER_EXPIRY_MAX: Record<OrderExpiryUnit, number> = { minutes: 7 * 24 * 60, seconds: 7 * 24 * 60 * 60 };

/** "1 minute", "5 seconds". */
export function orderExpiryText(amount: number, unit: OrderExpiryUnit): string {
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}
