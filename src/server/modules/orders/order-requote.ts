// Re-quotes of an order when an operator credits what actually arrived rather than what was ordered:
// at the order's own stage prices, or at today's across the stages open now (a late payment, or a
// deposit no order held). Exact decimals throughout, through the same quote functions as a buyer's order.
import { formatUnits, parseUnits } from 'viem';
import type { CreditBasis } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { quoteAtPrices, type PricesNow } from '@/domain/stage-credit';
import { openStages, piecesForReceived, summed, type StagePiece, type StageQuote } from '@/domain/stages';
import { confirmedTotal } from '@/domain/payment-verdict';
import type { Queryable } from '../../db/client';
import { conflict, invalid } from '../../errors';
import { isOffered, isStale } from '../cryptos/cryptos.mapper';
import { findCryptoByCode } from '../cryptos/cryptos.service';
import { findPaymentProgress, type PaymentProgress } from './payment-progress.service';
import { findStages, getSaleSettings, lockSale, stageFigures } from '../sale/sale.service';
import { recordStageClosings } from '../sale/stage-closings.service';
import { expireOverdue, type ExpiredOrder, type OrderQuote } from './order-changes.repository';
import type { OrderRow } from './order-views.repository';

/**
 * Today's prices of a currency, or why a quote at them is impossible. Reads the stages as recorded:
 * a stage past its end passes on what it did not sell exactly as recording its closing will
 * (`openStages`), so a quote here agrees with one made after `recordStageClosings`.
 */
export async function pricesNow(db: Queryable, code: string, now: Date, rateMaxAgeMinutes: number): Promise<PricesNow | { refusal: string }> {
  const [crypto, sale, stages] = await Promise.all([findCryptoByCode(db, code), getSaleSettings(db), findStages(db)]);
  if (!crypto || !isOffered(crypto)) return { refusal: `${code} is not offered any more, so it has no current rate.` };
  if (isStale(crypto, now, rateMaxAgeMinutes)) return { refusal: `The ${code} rate is out of date: refresh the rates first.` };
  return { code: crypto.code, usdPrice: crypto.usdPrice, decimals: crypto.decimals, tokenSymbol: sale.tokenSymbol, open: openStages(stageFigures(stages), now, sale.unsoldStageTokens) };
}

/**
 * The sale as it stands at `now`, before anything is priced or credited in `tx`: takes the sale's
 * lock (every change to the stages' figures happens under it), expires the overdue orders (their
 * tokens were free from their window's end: no stage is full, or sold out, by them), and records
 * the stage closings that are due (an ended stage takes nothing more; its unsold tokens move on).
 * So the outcome is the instant's, whichever job ran last. `except` keeps the order being decided
 * as it is (its own decision says what becomes of it). Returns the orders it expired, for the
 * caller to announce once `tx` has committed.
 */
export async function saleAt(tx: Queryable, now: Date, except?: number): Promise<ExpiredOrder[]> {
  const sale = await lockSale(tx);
  const expired = await expireOverdue(tx, now, except);
  await recordStageClosings(tx, sale, now);
  return expired;
}

/**
 * What `payAmount` of `code` buys now, for a credit made in `tx`, which has taken the sale as it
 * stands (`saleAt`): priced across the stages still open, never in a closed one. Throws a conflict
 * with the reason when it cannot.
 */
export async function quoteNowLocked(tx: Queryable, code: string, payAmount: string, now: Date, rateMaxAgeMinutes: number): Promise<OrderQuote> {
  const prices = await pricesNow(tx, code, now, rateMaxAgeMinutes);
  if ('refusal' in prices) throw conflict(prices.refusal);
  const quote = quoteAtPrices(payAmount, prices);
  if ('refusal' in quote) throw conflict(quote.refusal);
  return orderQuoteOf(quote);
}

/** An order's amounts from its pieces: summed, the bonus on the whole, the first piece's rate and price standing for the order's. */
export function orderQuoteOf(quote: StageQuote): OrderQuote {
  const [first] = quote.pieces;
  if (!first) throw new Error('a quote without pieces');
  return { tokens: quote.tokens, bonusTokens: quote.bonusTokens, payAmount: quote.payAmount, usdAmount: quote.usdAmount, rate: first.rate, priceUsd: first.priceUsd, stagePieces: quote.pieces };
}

/** The order's amounts when `pieces` replace its own. */
export function requotePieces(pieces: StagePiece[]): OrderQuote {
  return orderQuoteOf(summed(pieces));
}

/** What arrived at an order's deposit address and is confirmed, in base units and in the currency's units. */
export async function receivedFor(db: Queryable, order: OrderRow): Promise<{ base: bigint; units: string; progress: PaymentProgress | undefined }> {
  const progress = (await findPaymentProgress(db, [{ id: order.id, network: order.network, chainId: order.chainId, payAmount: order.payAmount }])).get(order.id);
  const base = confirmedTotal(progress?.transfers ?? []);
  return { base, units: toPlain(dec(formatUnits(base, order.decimals ?? 18))), progress };
}

/**
 * The quote an approval with `basis` sets on a pending or expired order, or undefined for the order
 * as quoted. Refuses, with the reason, what cannot be credited.
 *
 * - received: the order keeps its stage prices: its pieces as far as what arrived goes (more than it
 *   asked grows its last piece); the tokens it no longer holds return to their stages (the orders
 *   trigger does that when the row's pieces change, and rolls them on from a closed stage).
 * - received-current: priced across the stages open now, under the sale's lock (see quoteNowLocked).
 */
export async function approvalQuote(db: Queryable, order: OrderRow, basis: CreditBasis, now: Date, rateMaxAgeMinutes: number): Promise<OrderQuote | undefined> {
  if (basis === 'ordered') return undefined;
  if (order.depositAddressId === null) throw invalid("Only orders paid to a buyer's deposit address know what arrived: approve the order as placed.");
  if (basis === 'received-current' && order.status !== 'expired') throw conflict('Today\'s rate applies to late payments only: this order has not expired.');
  const received = await receivedFor(db, order);
  if (received.base === 0n) throw conflict('Nothing has arrived and been confirmed for this order yet.');
  if (basis === 'received-current') return quoteNowLocked(db, order.cryptoCode, received.units, now, rateMaxAgeMinutes);
  const pieces = piecesForReceived(order.stagePieces, received.units, order.decimals);
  if (pieces.length === 0) throw conflict(`What arrived (${received.units} ${order.cryptoCode}) buys no tokens at this rate.`);
  return requotePieces(pieces);
}

/** Base units of an order's currency for a plain decimal amount of it. */
export function baseUnitsOf(order: Pick<OrderRow, 'decimals'>, amount: string): bigint {
  return parseUnits(toPlain(dec(amount)), order.decimals ?? 18);
}
