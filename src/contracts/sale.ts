// GET /api/sale: the sale's settings and its figures, computed from approved orders.
import { z } from 'zod';
import { decimalString, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const saleStateSchema = z.enum(['upcoming', 'live', 'ended', 'sold_out']);
export type SaleState = z.infer<typeof saleStateSchema>;

export const levelSchema = z.object({ name: z.string(), threshold: decimalString, bonusPercent: decimalString });

export const saleSchema = z.object({
  token: z.object({ name: z.string(), symbol: z.string() }),
  priceUsd: decimalString,
  totalSupply: decimalString,
  softCap: decimalString,
  hardCap: decimalString,
  /** Null while the sale is unscheduled (no operator has saved its schedule yet): there is nothing to count down to. */
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  listingAt: isoDateTime.nullable(),
  /** Minutes, or seconds on a test server that counts the window in seconds (ORDER_EXPIRY_UNIT). */
  orderExpiryMinutes: z.number().int(),
  deliveryNote: z.string(),
  state: saleStateSchema,
  /** False until an operator saves the schedule: the sale is `upcoming` and takes no orders (PRODUCT.md §6). */
  scheduled: z.boolean(),
  /** Tokens sold ÷ hard cap, percent with 2 decimals. */
  progressPercent: decimalString,
  tokensSold: decimalString,
  raisedUsd: decimalString,
  buyers: z.number().int(),
  limits: z.object({ minTokens: decimalString, maxTokens: decimalString }),
  levels: z.array(levelSchema),
  /** The server's clock when the figures were computed, so countdowns do not trust the visitor's clock. */
  serverTime: isoDateTime,
});
export type Sale = z.infer<typeof saleSchema>;

export const saleEndpoints = {
  'GET /api/sale': { responses: { 200: saleSchema } },
} satisfies EndpointMap;
