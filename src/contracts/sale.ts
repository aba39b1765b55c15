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
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  listingAt: isoDateTime.nullable(),
  orderExpiryMinutes: z.number().int(),
  deliveryNote: z.string(),
  state: saleStateSchema,
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
