// Why an order is refused, in the words the buyer reads.
import { AppError, conflict } from '../../errors';

export const STATE_REFUSALS = {
  upcoming: 'The presale has not started yet.',
  ended: 'The presale has ended.',
  sold_out: 'The presale is sold out.',
} as const;

/** A fresh install's sale, before an operator saved its schedule. */
export const UNSCHEDULED_REFUSAL = 'The presale has not been scheduled yet: it opens soon.';

/** Why a sale in `state` takes no order, or null while it is live. */
export function saleStateRefusal(sale: { scheduledAt: Date | null }, state: keyof typeof STATE_REFUSALS | 'live'): AppError | null {
  if (state === 'live') return null;
  return conflict(sale.scheduledAt === null ? UNSCHEDULED_REFUSAL : STATE_REFUSALS[state]);
}

export const tokensLeftConflict = (left: string, symbol: string) => conflict(`This order would exceed the tokens left in the sale (${left} ${symbol} available).`);

/** The refusal of one order too many, naming the buyer's open orders so the page can link to them. */
export function tooManyPending(limit: number, open: { publicId: string }[]): AppError {
  const which = open.map((o) => `#${o.publicId}`).join(', ');
  return new AppError(
    'too_many_pending',
    `You already have ${limit} ${limit === 1 ? 'order' : 'orders'} awaiting payment${which ? ` (${which})` : ''}. Pay one or let it expire before ordering again.`,
    Object.fromEntries(open.map((o, i) => [`openOrders.${i}`, o.publicId])),
  );
}

/** A payment to a deposit address must name its order: one open order per currency there. */
export function openDepositOrder(code: string, publicId: string): AppError {
  return new AppError(
    'conflict',
    `You already have a ${code} order awaiting payment (#${publicId}) to your deposit address. Pay it or let it expire before ordering more ${code}.`,
    { crypto: `You already have a ${code} order awaiting payment (#${publicId}).`, 'openOrders.0': publicId },
  );
}
