// Sale stages (issue 30, decision 028): rounds at rising prices, each with its own allocation and an
// optional end. Which stage is current follows the instant and the database's figures; a purchase
// is priced piece by piece across the stages it spans. The server stores the pieces it computes
// with these functions, and the browser previews with the same ones.
import type Big from 'big.js';
import { dec, floorTo, roundTo, toPlain } from './decimal';
import { levelOf, type LevelName } from './levels';
import { payDecimalsOf, quoteForPayment, quoteForTokens, type QuoteInput } from './quote';
import { stagePriceText } from './stage-price-text';
import { rateFromPrice } from './usd-price';

export { stagePriceText };

/** How many stages a sale may have. */
export const MAX_STAGES = 20;

/** What happens to the tokens a closed stage did not sell: passed on to the next open stage, or left unsold. */
export const UNSOLD_STAGE_TOKENS = ['roll_over', 'leave'] as const;
export type UnsoldStageTokens = (typeof UNSOLD_STAGE_TOKENS)[number];

/** Why a stage closed: it sold out, its end instant came, or an operator ended it early. */
export const STAGE_CLOSE_REASONS = ['sold_out', 'ended', 'ended_early'] as const;
export type StageCloseReason = (typeof STAGE_CLOSE_REASONS)[number];

/** A stage's figures as the database keeps them. */
export interface StageFigures {
  id: number;
  /** 1-based, in sale order. */
  number: number;
  name: string;
  priceUsd: string;
  /** The operator's allocation. */
  allocation: string;
  /** What the stage may sell: its allocation plus tokens rolled in from closed stages, less tokens it passed on. */
  capacity: string;
  /** Tokens of pending and approved orders priced in this stage. */
  tokensCommitted: string;
  /** Tokens of approved orders priced in this stage. */
  tokensSold: string;
  endsAt: Date | null;
  /** When the closing was recorded (sold out: then; ended: its end instant); null while open. */
  closedAt: Date | null;
}

/** A piece of a purchase priced in one stage; an order stores its pieces (the stage's number and name as they were). */
export interface StagePiece {
  stageId: number;
  stageNumber: number;
  stageName: string;
  tokens: string;
  priceUsd: string;
  /** Tokens per 1 unit of the currency at this stage's price, to 6 decimals: what the order shows. */
  rate: string;
  /**
   * The currency's USD price the piece was quoted at: a credit of what arrived is priced from it and
   * the stage's price exactly, as the quote was. Absent on pieces quoted before it was kept
   * (2026-11-27), whose credits go by the rate.
   */
  usdPrice?: string;
  payAmount: string;
  usdAmount: string;
}

/** Tokens the stage can still take: its capacity less what pending and approved orders hold, never below zero. */
export function tokensLeftIn(stage: Pick<StageFigures, 'capacity' | 'tokensCommitted'>): Big {
  const left = dec(stage.capacity).minus(stage.tokensCommitted);
  return left.gt(0) ? left : dec(0);
}

/** Whether the stage is closed at `now`: its closing is recorded, its end has come, or nothing is left in it. */
function isStageClosed(stage: StageFigures, now: Date): boolean {
  return stage.closedAt !== null || (stage.endsAt !== null && stage.endsAt <= now) || tokensLeftIn(stage).lte(0);
}

/** The current stage at `now`: the first neither closed, sold out nor past its end; undefined when none is left. */
export function currentStage<S extends StageFigures>(stages: readonly S[], now: Date): S | undefined {
  return stages.find((s) => !isStageClosed(s, now));
}

/** The stage after the current one that is still open at `now` (its price is the buyer's "next price"). */
export function nextStage<S extends StageFigures>(stages: readonly S[], now: Date): S | undefined {
  const current = currentStage(stages, now);
  return current ? stages.find((s) => s.number > current.number && !isStageClosed(s, now)) : undefined;
}

/**
 * The stages a purchase made at `now` can be priced in, current first, with what each can take.
 * A stage past its end that has not been recorded as closed yet passes what it did not sell to the
 * next open stage when `unsold` is `roll_over`, exactly as recording its closing will.
 */
export function openStages(stages: readonly StageFigures[], now: Date, unsold: UnsoldStageTokens): { stage: StageFigures; left: Big }[] {
  const open: { stage: StageFigures; left: Big }[] = [];
  let carried = dec(0);
  for (const stage of stages) {
    const endedUnrecorded = stage.closedAt === null && stage.endsAt !== null && stage.endsAt <= now;
    if (endedUnrecorded) {
      if (unsold === 'roll_over') carried = carried.plus(tokensLeftIn(stage));
      continue;
    }
    if (stage.closedAt !== null) continue;
    const left = tokensLeftIn(stage).plus(carried);
    carried = dec(0);
    if (left.gt(0)) open.push({ stage, left });
  }
  return open;
}

export interface StageQuote<P = StagePiece> {
  tokens: string;
  payAmount: string;
  usdAmount: string;
  level: LevelName | null;
  bonusPercent: string;
  bonusTokens: string;
  pieces: P[];
}

/** Rates by currency and stage price, kept because every order in a stage divides the same two prices. */
const rates = new Map<string, string | null>();
function stageRate(usdPrice: string, priceUsd: string): string | null {
  const key = `${usdPrice}/${priceUsd}`;
  let rate = rates.get(key);
  if (rate === undefined) {
    if (rates.size >= 1000) rates.clear();
    rates.set(key, (rate = rateFromPrice(usdPrice, priceUsd)));
  }
  return rate;
}

export type StageQuoteResult = { ok: true; quote: StageQuote } | { ok: false; reason: 'sold_out'; tokensLeft: string } | { ok: false; reason: 'no_rate' };

/** The purchase: a number of tokens, or an amount of the currency to pay. */
export type Purchase = { tokens: string | Big } | { payAmount: string | Big };

/**
 * Prices a purchase across the open stages (as `openStages` gives them, current first): the tokens
 * left in the current stage at its price, the rest at the next stage's, and so on. Each piece is
 * quoted as a single-price quote would be (pay amounts rounded up at the currency's decimals when
 * buying tokens; tokens rounded down when paying an amount), and the pieces are summed. The bonus
 * is the whole purchase's. Refuses a purchase larger than all the open stages hold.
 */
export function quoteAcrossStages(purchase: Purchase, open: readonly { stage: StageFigures; left: Big }[], currency: { usdPrice: string; decimals: number | null }): StageQuoteResult {
  const pieces: StagePiece[] = [];
  const priced = (stage: StageFigures) => {
    const rate = stageRate(currency.usdPrice, stage.priceUsd);
    return rate === null ? null : { rate, priceUsd: stage.priceUsd, decimals: currency.decimals, usdPrice: currency.usdPrice };
  };
  const usdPrice = toPlain(dec(currency.usdPrice));
  const add = (stage: StageFigures, rate: string, q: { tokens: string; payAmount: string; usdAmount: string }) =>
    pieces.push({ stageId: stage.id, stageNumber: stage.number, stageName: stage.name, tokens: q.tokens, priceUsd: toPlain(dec(stage.priceUsd)), rate, usdPrice, payAmount: q.payAmount, usdAmount: q.usdAmount });

  if ('tokens' in purchase) {
    let remaining = floorTo(dec(purchase.tokens));
    for (const { stage, left } of open) {
      if (remaining.lte(0)) break;
      const input = priced(stage);
      if (!input) return { ok: false, reason: 'no_rate' };
      const take = remaining.lt(left) ? remaining : left;
      add(stage, input.rate, quoteForTokens(take, input));
      remaining = remaining.minus(take);
    }
    if (remaining.gt(0)) return { ok: false, reason: 'sold_out', tokensLeft: toPlain(open.reduce((sum, o) => sum.plus(o.left), dec(0))) };
  } else {
    const decimals = payDecimalsOf(currency.decimals);
    let remaining = floorTo(dec(purchase.payAmount), decimals);
    for (const { stage, left } of open) {
      if (remaining.lte(0)) break;
      const input = priced(stage);
      if (!input) return { ok: false, reason: 'no_rate' };
      const all = quoteForPayment(remaining, input);
      if (dec(all.tokens).lte(left)) {
        add(stage, input.rate, all);
        remaining = dec(0);
        break;
      }
      // The stage's last tokens, paid for at its price; what is left of the payment buys in the next stage.
      const piece = quoteForTokens(left, input);
      add(stage, input.rate, piece);
      remaining = remaining.minus(piece.payAmount);
    }
    if (remaining.gt(0)) return { ok: false, reason: 'sold_out', tokensLeft: toPlain(open.reduce((sum, o) => sum.plus(o.left), dec(0))) };
  }
  return { ok: true, quote: summed(pieces) };
}

/** A quote from its pieces: tokens, pay and USD amounts summed; the bonus of the whole purchase's level. */
export function summed<P extends PricedPiece>(pieces: P[]): StageQuote<P> {
  const tokens = pieces.reduce((sum, p) => sum.plus(p.tokens), dec(0));
  const level = levelOf(tokens);
  const bonusPercent = level?.bonusPercent ?? '0';
  return {
    tokens: toPlain(tokens),
    payAmount: toPlain(pieces.reduce((sum, p) => sum.plus(p.payAmount), dec(0))),
    usdAmount: toPlain(pieces.reduce((sum, p) => sum.plus(p.usdAmount), dec(0))),
    level: level?.name ?? null,
    bonusPercent,
    bonusTokens: toPlain(floorTo(tokens.times(bonusPercent).div(100))),
    pieces,
  };
}

/** A piece as a credit re-prices it: its tokens, what they cost, and the rate and prices they were priced at. */
export type PricedPiece = Pick<StagePiece, 'tokens' | 'payAmount' | 'usdAmount' | 'rate' | 'priceUsd' | 'usdPrice'>;

/** The prices a piece was quoted at, to price more or less of the currency the same way. */
function pricesOf(piece: PricedPiece, decimals: number | null): QuoteInput {
  return { rate: piece.rate, priceUsd: piece.priceUsd, decimals, ...(piece.usdPrice === undefined ? {} : { usdPrice: piece.usdPrice }) };
}

/**
 * The pieces an order keeps when an operator credits only what arrived at the order's own prices:
 * the order's pieces in order, as far as `paid` goes (the last one re-quoted for what was left of
 * the payment). Tokens beyond what arrived return to their stages.
 */
export function piecesForPaid<P extends PricedPiece>(pieces: readonly P[], paid: string | Big, decimals: number | null): P[] {
  const kept: P[] = [];
  let remaining = floorTo(dec(paid), payDecimalsOf(decimals));
  for (const piece of pieces) {
    if (remaining.lte(0)) break;
    if (remaining.gte(piece.payAmount)) {
      kept.push(piece);
      remaining = remaining.minus(piece.payAmount);
      continue;
    }
    const q = quoteForPayment(remaining, pricesOf(piece, decimals));
    if (dec(q.tokens).gt(0)) kept.push({ ...piece, tokens: q.tokens, payAmount: q.payAmount, usdAmount: q.usdAmount });
    remaining = dec(0);
  }
  return kept;
}

/**
 * The order's pieces with `extra` of its currency credited on top (an overpayment's excess): the
 * tokens it buys at the last piece's rate go into that piece's stage, where the order's last tokens were
 * priced. Its USD value is the grown piece's tokens at its price.
 */
export function piecesWithExtra<P extends PricedPiece>(pieces: readonly P[], extra: string | Big, decimals: number | null): P[] {
  const last = pieces[pieces.length - 1];
  if (!last) return [];
  const q = quoteForPayment(extra, pricesOf(last, decimals));
  const tokens = dec(last.tokens).plus(q.tokens);
  return [...pieces.slice(0, -1), { ...last, tokens: toPlain(tokens), payAmount: toPlain(dec(last.payAmount).plus(q.payAmount)), usdAmount: toPlain(roundTo(tokens.times(last.priceUsd))) }];
}

/**
 * What crediting `received` at the order's own prices makes of its pieces: less than the order
 * asked keeps its pieces as far as it goes (`piecesForPaid`); more grows the last one (`piecesWithExtra`).
 */
export function piecesForReceived<P extends PricedPiece>(pieces: readonly P[], received: string | Big, decimals: number | null): P[] {
  const asked = pieces.reduce((sum, p) => sum.plus(p.payAmount), dec(0));
  const paid = floorTo(dec(received), payDecimalsOf(decimals));
  return paid.gt(asked) ? piecesWithExtra(pieces, paid.minus(asked), decimals) : piecesForPaid(pieces, paid, decimals);
}

/** "2,000 at $0.0100 + 500 at $0.0105": a quote's pieces as a buyer reads them. */
export function piecesText(pieces: readonly Pick<StagePiece, 'tokens' | 'priceUsd'>[]): string {
  return pieces.map((p) => `${groupWhole(p.tokens)} at ${stagePriceText(p.priceUsd)}`).join(' + ');
}

function groupWhole(plain: string): string {
  const [whole = '', fraction] = toPlain(dec(plain)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A stage as the operator sets it (the Stages section of the Sale page). */
export interface StageInput {
  name: string;
  priceUsd: string;
  allocation: string;
  endsAt: string | null;
}

/** Warnings that do not stop a save: a price that does not rise from the stage before. */
export function stageWarnings(stages: readonly Pick<StageInput, 'priceUsd'>[]): Record<string, string> {
  const warnings: Record<string, string> = {};
  stages.forEach((stage, i) => {
    const before = stages[i - 1];
    if (!before || !isDecimal(stage.priceUsd) || !isDecimal(before.priceUsd)) return;
    if (dec(stage.priceUsd).lte(before.priceUsd)) warnings[`stages.${i}.priceUsd`] = `Not higher than stage ${i}'s price: buyers usually expect each stage to cost more.`;
  });
  return warnings;
}

function isDecimal(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value.trim());
}

/** Whether any stage can still sell at `now`; when none can, whether the last one sold out or time ran out. */
export function stagesOutcome(stages: readonly StageFigures[], now: Date, unsold: UnsoldStageTokens): 'open' | 'sold_out' | 'ended' {
  if (openStages(stages, now, unsold).length > 0) return 'open';
  const last = stages[stages.length - 1];
  return last && tokensLeftIn(last).lte(0) ? 'sold_out' : 'ended';
}
