import { describe, expect, it } from 'vitest';
import { currentStage, nextStage, openStages, piecesForPaid, piecesText, quoteAcrossStages, stagePriceText, stagesOutcome, stageWarnings, type StageFigures } from './stages';

const NOW = new Date('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;

function stage(number: number, changes: Partial<StageFigures> = {}): StageFigures {
  return {
    id: number * 10,
    number,
    name: `Stage ${number}`,
    priceUsd: ['0.01', '0.0105', '0.011'][number - 1] ?? '0.02',
    allocation: '1000',
    capacity: '1000',
    tokensCommitted: '0',
    tokensSold: '0',
    endsAt: null,
    closedAt: null,
    ...changes,
  };
}

// USDT at $1 with 6 decimals: stage 1 gives 100 tokens per USDT, stage 2 95.238095, stage 3 90.909091.
const USDT = { usdPrice: '1', decimals: 6 };

describe('the current stage', () => {
  it('is the first stage neither closed, sold out nor past its end', () => {
    const stages = [stage(1, { tokensCommitted: '1000' }), stage(2, { endsAt: new Date(NOW.getTime() - 1) }), stage(3), stage(4)];
    expect(currentStage(stages, NOW)?.number).toBe(3);
    expect(nextStage(stages, NOW)?.number).toBe(4);
    // Exactly at its end instant a stage is closed: a quote made then is priced in the next one.
    expect(currentStage([stage(1, { endsAt: NOW }), stage(2)], NOW)?.number).toBe(2);
    expect(currentStage([stage(1, { endsAt: new Date(NOW.getTime() + 1) }), stage(2)], NOW)?.number).toBe(1);
    expect(currentStage([stage(1, { closedAt: new Date(NOW.getTime() - HOUR) })], NOW)).toBeUndefined();
  });

  it('passes what an ended, unrecorded stage did not sell to the next open stage when the sale rolls tokens over', () => {
    const stages = [stage(1, { endsAt: new Date(NOW.getTime() - HOUR), tokensCommitted: '700' }), stage(2, { tokensCommitted: '100' })];
    expect(openStages(stages, NOW, 'roll_over').map((o) => [o.stage.number, o.left.toFixed()])).toEqual([[2, '1200']]);
    expect(openStages(stages, NOW, 'leave').map((o) => [o.stage.number, o.left.toFixed()])).toEqual([[2, '900']]);
  });

  it('says whether the sale sold out or its stages ended when none is left', () => {
    expect(stagesOutcome([stage(1)], NOW, 'roll_over')).toBe('open');
    expect(stagesOutcome([stage(1, { tokensCommitted: '1000' })], NOW, 'roll_over')).toBe('sold_out');
    expect(stagesOutcome([stage(1, { endsAt: NOW })], NOW, 'roll_over')).toBe('ended');
  });
});

describe('a quote across stages', () => {
  const stages = [stage(1, { tokensCommitted: '500' }), stage(2), stage(3)];

  it('prices the tokens left in the current stage at its price and the rest at the next', () => {
    const result = quoteAcrossStages({ tokens: '2000' }, openStages(stages, NOW, 'roll_over'), USDT);
    if (!result.ok) throw new Error('refused');
    expect(result.quote.pieces.map((p) => [p.stageNumber, p.tokens, p.priceUsd, p.payAmount])).toEqual([
      [1, '500', '0.01', '5'],
      // 1,000 at $0.0105 in a $1 currency: exactly 10.5 (not 1,000 ÷ the shown rate 95.238095).
      [2, '1000', '0.0105', '10.5'],
      [3, '500', '0.011', '5.5'],
    ]);
    expect(result.quote).toMatchObject({ tokens: '2000', payAmount: '21', usdAmount: '21', level: 'Platinum', bonusPercent: '12', bonusTokens: '240' });
    expect(piecesText(result.quote.pieces)).toBe('500 at $0.0100 + 1,000 at $0.0105 + 500 at $0.0110');
  });

  it('spends a pay amount stage by stage, the last stage taking what is left of it', () => {
    const result = quoteAcrossStages({ payAmount: '10' }, openStages(stages, NOW, 'roll_over'), USDT);
    if (!result.ok) throw new Error('refused');
    expect(result.quote.pieces.map((p) => [p.stageNumber, p.tokens, p.payAmount])).toEqual([
      [1, '500', '5'],
      // 5 USDT at $0.0105 a token, rounded down: 476.190476…
      [2, '476.190476', '5'],
    ]);
    expect(result.quote.payAmount).toBe('10');
  });

  it('never asks less than the tokens are worth, for a currency worth far less than a token', () => {
    // A unit worth $0.0000115 against a $1 token: 0.0000115 tokens a unit, shown as 0.000012 (6 decimals).
    const cheap = { usdPrice: '0.0000115', decimals: 8 };
    const open = openStages([stage(1, { priceUsd: '1' })], NOW, 'roll_over');
    const bought = quoteAcrossStages({ tokens: '500' }, open, cheap);
    if (!bought.ok) throw new Error('refused');
    // $500 of tokens at $0.0000115 a unit, rounded up at 8 decimals (not 500 ÷ 0.000012 = 41,666,666.67: 4 % short).
    expect(bought.quote.pieces.map((p) => [p.rate, p.payAmount])).toEqual([['0.000012', '43478260.86956522']]);
    const paid = quoteAcrossStages({ payAmount: '43478260.86956522' }, open, cheap);
    if (!paid.ok) throw new Error('refused');
    expect(paid.quote.tokens).toBe('500');
  });

  it('refuses more than every open stage holds, with what is left', () => {
    expect(quoteAcrossStages({ tokens: '2600' }, openStages(stages, NOW, 'roll_over'), USDT)).toEqual({ ok: false, reason: 'sold_out', tokensLeft: '2500' });
  });

  it('keeps a purchase inside one stage as a single-price quote would', () => {
    const result = quoteAcrossStages({ tokens: '250' }, openStages(stages, NOW, 'roll_over'), { usdPrice: '3000', decimals: 18 });
    if (!result.ok) throw new Error('refused');
    expect(result.quote.pieces).toHaveLength(1);
    expect(result.quote).toMatchObject({ tokens: '250', payAmount: '0.00083334', bonusTokens: '17.5' });
  });
});

describe('what arrived, at the order’s own prices', () => {
  it('keeps the pieces in order as far as the payment goes', () => {
    const result = quoteAcrossStages({ tokens: '2000' }, openStages([stage(1, { tokensCommitted: '500' }), stage(2), stage(3)], NOW, 'roll_over'), USDT);
    if (!result.ok) throw new Error('refused');
    const kept = piecesForPaid(result.quote.pieces, '8', 6);
    expect(kept.map((p) => [p.stageNumber, p.tokens, p.payAmount])).toEqual([
      [1, '500', '5'],
      [2, '285.714285', '3'],
    ]);
    expect(piecesForPaid(result.quote.pieces, '100', 6)).toEqual(result.quote.pieces);
  });
});

describe('texts and warnings', () => {
  it('shows stage prices with four decimals under a dollar', () => {
    expect(stagePriceText('0.01')).toBe('$0.0100');
    expect(stagePriceText('0.000125')).toBe('$0.000125');
    expect(stagePriceText('1.5')).toBe('$1.50');
  });

  it('warns, without refusing, about a price that does not rise', () => {
    expect(stageWarnings([{ priceUsd: '0.01' }, { priceUsd: '0.0105' }, { priceUsd: '0.0105' }])).toEqual({
      'stages.2.priceUsd': "Not higher than stage 2's price: buyers usually expect each stage to cost more.",
    });
  });
});
