// Credits of an amount other than the order's (what arrived, an overpayment's excess, a deposit at
// today's prices) keep to the stages: at the order's own piece prices, or across the stages open now.
import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { quoteAtPrices } from './stage-credit';
import { piecesForReceived, piecesWithExtra, summed, type StageFigures, type StagePiece } from './stages';

/** 2,000 tokens at $0.01 (100 per USDT) and 500 at $0.0125 (80 per USDT): 26.25 USDT. */
const PIECES: StagePiece[] = [
  { stageId: 11, stageNumber: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', rate: '100', payAmount: '20', usdAmount: '20' },
  { stageId: 12, stageNumber: 2, stageName: 'Stage 2', tokens: '500', priceUsd: '0.0125', rate: '80', payAmount: '6.25', usdAmount: '6.25' },
];

const stage = (id: number, number: number, priceUsd: string, capacity: string): StageFigures => ({
  id,
  number,
  name: `Stage ${String(number)}`,
  priceUsd,
  allocation: capacity,
  capacity,
  tokensCommitted: '0',
  tokensSold: '0',
  endsAt: null,
  closedAt: null,
});

describe('crediting what arrived at the order’s stage prices', () => {
  it('keeps the pieces as far as a short payment goes', () => {
    expect(piecesForReceived(PIECES, '23', 6).map((p) => [p.stageNumber, p.tokens, p.payAmount, p.usdAmount])).toEqual([
      [1, '2000', '20', '20'],
      [2, '240', '3', '3'],
    ]);
    expect(piecesForReceived(PIECES, '12.345678', 6).map((p) => [p.stageNumber, p.tokens, p.payAmount])).toEqual([[1, '1234.5678', '12.345678']]);
  });

  it('keeps the order whole for exactly what it asked, and grows its last piece for more', () => {
    expect(piecesForReceived(PIECES, '26.25', 6)).toEqual(PIECES);
    expect(piecesForReceived(PIECES, '27.25', 6).map((p) => [p.stageNumber, p.tokens, p.payAmount, p.usdAmount])).toEqual([
      [1, '2000', '20', '20'],
      [2, '580', '7.25', '7.25'],
    ]);
  });

  it('puts an excess into the last piece’s stage at its price, and the bonus follows the whole purchase', () => {
    const grown = summed(piecesWithExtra(PIECES, '1', 6));
    expect([grown.tokens, grown.payAmount, grown.bonusTokens]).toEqual(['2580', '27.25', '309.6']);
    // Beyond the currency's decimals a payment is no payment.
    expect(piecesWithExtra(PIECES, '0.0000001', 6)).toEqual(PIECES);
  });

  it('prices what arrived from the USD prices the order was quoted at, never from the rounded rate', () => {
    // A currency worth far less than a token: 0.0000115 tokens per unit, shown and stored as 0.000012
    // (4.3 % more). 1,000 tokens at $1 asked 86,956,521.73913044 units.
    const quoted = quoteAtPrices('86956521.73913044', { code: 'TINY', usdPrice: '0.0000115', decimals: 8, tokenSymbol: 'PRE', open: [{ stage: stage(1, 1, '1', '1000000'), left: dec(1000000) }] });
    if ('refusal' in quoted) throw new Error(quoted.refusal);
    expect(quoted.pieces.map((p) => [p.tokens, p.rate, p.usdPrice])).toEqual([['1000', '0.000012', '0.0000115']]);
    // Half arrived: half the tokens, not 521.739130 by the rate.
    expect(piecesForReceived(quoted.pieces, '43478260.86956522', 8).map((p) => [p.tokens, p.payAmount])).toEqual([['500', '43478260.86956522']]);
    // Twice arrived: the excess buys at the same prices.
    expect(piecesForReceived(quoted.pieces, '173913043.47826088', 8).map((p) => [p.tokens, p.payAmount])).toEqual([['2000', '173913043.47826088']]);
    // An order quoted before the USD price was kept on its pieces goes by its rate, as it did.
    const [piece] = quoted.pieces;
    if (!piece) throw new Error('no piece');
    const { usdPrice: _kept, ...older } = piece;
    expect(piecesForReceived([older], '43478260.86956522', 8).map((p) => p.tokens)).toEqual(['521.73913']);
  });
});

describe("crediting an amount at today's prices", () => {
  const prices = { code: 'USDT', usdPrice: '1', decimals: 6, tokenSymbol: 'PRE' };

  it('prices across the stages open now', () => {
    const quote = quoteAtPrices('25', { ...prices, open: [{ stage: stage(1, 1, '0.01', '2000'), left: dec(2000) }, { stage: stage(2, 2, '0.0125', '10000'), left: dec(10000) }] });
    if ('refusal' in quote) throw new Error(quote.refusal);
    expect(quote.pieces.map((p) => [p.stageNumber, p.tokens, p.payAmount])).toEqual([
      [1, '2000', '20'],
      [2, '400', '5'],
    ]);
  });

  it('refuses with the reason when nothing is open, it does not fit, or it buys nothing', () => {
    expect(quoteAtPrices('25', { ...prices, open: [] })).toEqual({ refusal: 'No stage is open now, so 25 USDT has no price today: every stage has closed.' });
    expect(quoteAtPrices('25', { ...prices, open: [{ stage: stage(1, 1, '0.01', '2000'), left: dec(1500) }] })).toEqual({ refusal: '25 USDT buys more than the open stages hold (1,500 PRE left).' });
    expect(quoteAtPrices('0.0000001', { ...prices, open: [{ stage: stage(1, 1, '0.01', '2000'), left: dec(1500) }] })).toEqual({ refusal: "0.0000001 USDT buys no tokens at today's rate." });
  });
});
