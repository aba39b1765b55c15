// Sale state from the operator's fixed instants and the approved totals.
import { dec } from './decimal';
import type { SaleState } from '@/contracts/sale';

export const MIN_ORDER_TOKENS = '40';
export const MAX_ORDER_TOKENS = '100000';

/** `scheduled: false` (a sale no operator has scheduled yet) is upcoming whatever its instants say. */
export function saleState(input: { now: Date; startsAt: Date; endsAt: Date; tokensSold: string; hardCap: string; scheduled?: boolean }): SaleState {
  if (input.scheduled === false || input.now < input.startsAt) return 'upcoming';
  if (dec(input.tokensSold).gte(input.hardCap)) return 'sold_out';
  if (input.now >= input.endsAt) return 'ended';
  return 'live';
}
