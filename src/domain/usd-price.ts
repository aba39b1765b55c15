// Every currency has a USD price (from the price feed or typed by an operator); its rate in tokens
// per 1 unit is that price ÷ the token price (decision 025). The server stores both; the back-office
// form previews a rate typed in tokens as the USD price it will be saved as, with the same functions.
import { dec, roundTo, toPlain } from './decimal';

/** The decimals a crypto's USD price is kept to (the usd_price column's scale). */
export const USD_PRICE_DECIMALS = 12;

/** Tokens per 1 unit, rounded half-up to 6 decimals; null when it would round to zero. */
export function rateFromPrice(usdPrice: string, tokenPriceUsd: string): string | null {
  const rate = roundTo(dec(usdPrice).div(tokenPriceUsd));
  return rate.gt(0) ? toPlain(rate) : null;
}

/** The USD price a rate in tokens stands for at a token price: what a rate typed in tokens is saved as. */
export function priceFromRate(rate: string, tokenPriceUsd: string): string {
  return toPlain(roundTo(dec(rate).times(tokenPriceUsd), USD_PRICE_DECIMALS));
}

/** A USD price with every decimal it has and at least two: "1" → "$1.00", "0.0137" → "$0.0137". */
export function usdPriceText(usdPrice: string): string {
  const plain = toPlain(dec(usdPrice));
  const decimals = plain.split('.')[1]?.length ?? 0;
  return `$${dec(plain).toFixed(Math.max(2, decimals))}`;
}
