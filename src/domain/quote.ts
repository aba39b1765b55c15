// Quotes (PRODUCT.md §6): tokens ↔ pay amount by the crypto's rate (tokens per 1 unit), the
// purchase's level bonus and the order limits. Exact decimals throughout; the server computes the
// stored quote with these functions and the browser previews with the same ones.
import type Big from 'big.js';
import { ceilTo, dec, DECIMAL_PATTERN, floorTo, roundTo, toPlain } from './decimal';
import { levelOf, type LevelName } from './levels';
import { MAX_ORDER_TOKENS, MIN_ORDER_TOKENS } from './sale';

/**
 * The amount field's rule (§4): a comma becomes a dot; the result must be a non-negative decimal
 * being typed ("", "12", "12.", ".5") or it is rejected (null) and the field keeps its old value.
 */
export function nextAmountInput(raw: string): string | null {
  const value = raw.replace(/,/g, '.');
  if (value.length > 40) return null;
  return /^\d*\.?\d*$/.test(value) ? value : null;
}

/** A typed amount as a decimal, or null while it is empty or unfinished ("", "."). */
export function parseAmount(value: string): Big | null {
  const v = value.trim();
  const normalised = v.startsWith('.') ? `0${v}` : v.endsWith('.') ? v.slice(0, -1) : v;
  return DECIMAL_PATTERN.test(normalised) ? dec(normalised) : null;
}

export interface Quote {
  /** Tokens bought, without the bonus. */
  tokens: string;
  /** What the buyer sends, in the crypto. */
  payAmount: string;
  level: LevelName | null;
  bonusPercent: string;
  bonusTokens: string;
  /** The tokens' value at the token price, 6 decimals. */
  usdAmount: string;
}

export interface QuoteInput {
  /** Tokens per 1 unit of the crypto, to 6 decimals: what a quote shows and stores. */
  rate: string;
  /**
   * The crypto's USD price, when known: amounts are then computed from it and the token price
   * exactly, not from the 6-decimal rate, whose rounding could ask less than the tokens are worth.
   */
  usdPrice?: string;
  /** Token price in USD. */
  priceUsd: string;
  /** The crypto's own decimals (null when unknown): pay amounts are kept to them, at most 8. */
  decimals: number | null;
}

/** The most decimals a pay amount has (satoshis); a currency without decimals gets these too. */
export const MAX_PAY_DECIMALS = 8;

/** How many decimals a pay amount in a currency with `decimals` has: its own, at most 8. */
export function payDecimalsOf(decimals: number | null | undefined): number {
  return decimals === null || decimals === undefined ? MAX_PAY_DECIMALS : Math.max(0, Math.min(decimals, MAX_PAY_DECIMALS));
}

function complete(tokens: Big, payAmount: Big, input: QuoteInput): Quote {
  const level = levelOf(tokens);
  const bonusPercent = level?.bonusPercent ?? '0';
  return {
    tokens: toPlain(tokens),
    payAmount: toPlain(payAmount),
    level: level?.name ?? null,
    bonusPercent,
    // Rounded down: a bonus is never credited beyond what its percent gives.
    bonusTokens: toPlain(floorTo(tokens.times(bonusPercent).div(100))),
    usdAmount: toPlain(roundTo(tokens.times(input.priceUsd))),
  };
}

/**
 * Buying a number of tokens: the pay amount is rounded up at the currency's own decimals (at most
 * 8), so a quote never asks less than the tokens are worth, nor more than its smallest unit over.
 */
export function quoteForTokens(tokens: string | Big, input: QuoteInput): Quote {
  const t = floorTo(dec(tokens));
  const pay = input.usdPrice === undefined ? t.div(input.rate) : t.times(input.priceUsd).div(input.usdPrice);
  return complete(t, ceilTo(pay, payDecimalsOf(input.decimals)), input);
}

/** Paying an amount (kept to the currency's decimals): the tokens are rounded down to 6 decimals. */
export function quoteForPayment(payAmount: string | Big, input: QuoteInput): Quote {
  const p = floorTo(dec(payAmount), payDecimalsOf(input.decimals));
  return complete(floorTo(input.usdPrice === undefined ? p.times(input.rate) : p.times(input.usdPrice).div(input.priceUsd)), p, input);
}

export type LimitProblem = { kind: 'below_min' | 'above_max'; message: string } | null;

/** A plain decimal string with its integer digits grouped by thousands: "100000.5" → "100,000.5". */
export function groupDigits(plain: string): string {
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Whether a token amount lies within the order limits, with the message a buyer sees if not. The
 * server sends the same message, so both group the figures the way the page does.
 */
export function limitProblem(tokens: string | Big, symbol: string): LimitProblem {
  const t = dec(tokens);
  if (t.lt(MIN_ORDER_TOKENS)) return { kind: 'below_min', message: `The minimum order is ${groupDigits(MIN_ORDER_TOKENS)} ${symbol}.` };
  if (t.gt(MAX_ORDER_TOKENS)) return { kind: 'above_max', message: `The maximum order is ${groupDigits(MAX_ORDER_TOKENS)} ${symbol}.` };
  return null;
}

