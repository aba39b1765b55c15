// Sale state from the operator's fixed instants and the approved totals.
import { dec } from './decimal';

/** Where the sale stands (GET /api/sale `state`). */
export const SALE_STATES = ['upcoming', 'live', 'ended', 'sold_out'] as const;
export type SaleState = (typeof SALE_STATES)[number];

export const MIN_ORDER_TOKENS = '40';
export const MAX_ORDER_TOKENS = '100000';

/**
 * `scheduled: false` (a sale no operator has scheduled yet) is upcoming whatever its instants say.
 * `stages` says whether a stage can still sell (stagesOutcome): a sale whose last stage sold out is
 * sold out, one whose stages all ended is over, before the sale's own end.
 */
export function saleState(input: { now: Date; startsAt: Date; endsAt: Date; tokensSold: string; hardCap: string; scheduled?: boolean; stages?: 'open' | 'sold_out' | 'ended' }): SaleState {
  if (input.scheduled === false || input.now < input.startsAt) return 'upcoming';
  if (dec(input.tokensSold).gte(input.hardCap)) return 'sold_out';
  if (input.now >= input.endsAt) return 'ended';
  if (input.stages === 'sold_out') return 'sold_out';
  if (input.stages === 'ended') return 'ended';
  return 'live';
}
