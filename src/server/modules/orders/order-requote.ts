// Re-quotes of an order when an operator credits what actually arrived rather than what was ordered:
// at the order's own rate and token price, or at today's (a late payment). Exact decimals throughout,
// through the same quote function as a buyer's order.
import { formatUnits, parseUnits } from 'viem';
import type { CreditBasis } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { quoteForPayment } from '@/domain/quote';
import { confirmedTotal } from '@/domain/payment-verdict';
import type { Queryable } from '../../db/client';
import { conflict, invalid } from '../../errors';
import { isOffered, isStale } from '../cryptos/cryptos.mapper';
import { findCryptoByCode } from '../cryptos/cryptos.service';
import { findPaymentProgress, type PaymentProgress } from './payment-progress.service';
import { getSaleSettings } from '../sale/sale.service';
import type { OrderQuote } from './order-changes.repository';
import type { OrderRow } from './order-views.repository';

/** A currency's rate (tokens per unit) and the token price, as an order's quote uses them. */
export interface RateAndPrice {
  rate: string;
  priceUsd: string;
  /** The currency's decimals: a pay amount is kept to them (at most 8). */
  decimals: number | null;
}

/** Today's rate of a currency and token price, or why a quote at them is impossible. */
export async function currentRateAndPrice(db: Queryable, code: string, now: Date, rateMaxAgeMinutes: number): Promise<RateAndPrice | { refusal: string }> {
  const [crypto, sale] = await Promise.all([findCryptoByCode(db, code), getSaleSettings(db)]);
  if (!crypto || !isOffered(crypto)) return { refusal: `${code} is not offered any more, so it has no current rate.` };
  if (isStale(crypto, now, rateMaxAgeMinutes)) return { refusal: `The ${code} rate is out of date: refresh the rates first.` };
  return { rate: crypto.rate, priceUsd: sale.priceUsd, decimals: crypto.decimals };
}

/** What arrived at an order's deposit address and is confirmed, in base units and in the currency's units. */
export async function receivedFor(db: Queryable, order: OrderRow): Promise<{ base: bigint; units: string; progress: PaymentProgress | undefined }> {
  const progress = (await findPaymentProgress(db, [{ id: order.id, network: order.network, chainId: order.chainId, payAmount: order.payAmount }])).get(order.id);
  const base = confirmedTotal(progress?.transfers ?? []);
  return { base, units: toPlain(dec(formatUnits(base, order.decimals ?? 18))), progress };
}

/** The order's amounts for `payAmount` of its currency at `at`. */
export function requote(payAmount: string, at: RateAndPrice): OrderQuote {
  const q = quoteForPayment(payAmount, at);
  return { tokens: q.tokens, bonusTokens: q.bonusTokens, payAmount: q.payAmount, usdAmount: q.usdAmount, rate: at.rate, priceUsd: at.priceUsd };
}

/**
 * The quote an approval with `basis` sets on a pending or expired order, or undefined for the order
 * as quoted. Refuses, with the reason, what cannot be credited.
 */
export async function approvalQuote(db: Queryable, order: OrderRow, basis: CreditBasis, now: Date, rateMaxAgeMinutes: number): Promise<OrderQuote | undefined> {
  if (basis === 'ordered') return undefined;
  if (order.depositAddressId === null) throw invalid("Only orders paid to a buyer's deposit address know what arrived: approve the order as placed.");
  if (basis === 'received-current' && order.status !== 'expired') throw conflict('Today\'s rate applies to late payments only: this order has not expired.');
  const received = await receivedFor(db, order);
  if (received.base === 0n) throw conflict('Nothing has arrived and been confirmed for this order yet.');
  let at: RateAndPrice = { rate: order.rate, priceUsd: order.priceUsd, decimals: order.decimals };
  if (basis === 'received-current') {
    const current = await currentRateAndPrice(db, order.cryptoCode, now, rateMaxAgeMinutes);
    if ('refusal' in current) throw conflict(current.refusal);
    at = current;
  }
  const quote = requote(received.units, at);
  if (!dec(quote.tokens).gt(0)) throw conflict(`What arrived (${received.units} ${order.cryptoCode}) buys no tokens at this rate.`);
  return quote;
}

/** Base units of an order's currency for a plain decimal amount of it. */
export function baseUnitsOf(order: Pick<OrderRow, 'decimals'>, amount: string): bigint {
  return parseUnits(toPlain(dec(amount)), order.decimals ?? 18);
}
