// An amount that arrived, credited at today's prices (a late payment at today's rate, a deposit no
// order held): priced across the stages open now, as a buyer's order paying that amount would be,
// or refused with the reason the operator reads.
import { dec, toPlain } from './decimal';
import { groupDigits } from './quote';
import { quoteAcrossStages, type openStages, type StageQuote } from './stages';

/** What a currency buys now: its USD price and decimals, and the stages open at this instant (current first). */
export interface PricesNow {
  code: string;
  usdPrice: string;
  decimals: number | null;
  tokenSymbol: string;
  open: ReturnType<typeof openStages>;
}

/** What `payAmount` buys across the open stages at `prices`, or why it cannot be credited there. */
export function quoteAtPrices(payAmount: string, prices: PricesNow): StageQuote | { refusal: string } {
  const amount = `${toPlain(dec(payAmount))} ${prices.code}`;
  if (prices.open.length === 0) return { refusal: `No stage is open now, so ${amount} has no price today: every stage has closed.` };
  const quoted = quoteAcrossStages({ payAmount }, prices.open, prices);
  if (!quoted.ok && quoted.reason === 'no_rate') return { refusal: `${prices.code} is worth too little to buy tokens at the current stage's price.` };
  if (!quoted.ok) return { refusal: `${amount} buys more than the open stages hold (${groupDigits(quoted.tokensLeft)} ${prices.tokenSymbol} left).` };
  if (!dec(quoted.quote.tokens).gt(0)) return { refusal: `${amount} buys no tokens at today's rate.` };
  return quoted.quote;
}
