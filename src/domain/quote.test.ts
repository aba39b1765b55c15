import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { groupDigits, limitProblem, nextAmountInput, parseAmount, quoteForPayment, quoteForTokens } from './quote';

const ETH = { rate: '300000', priceUsd: '0.01', decimals: 6 };

describe('amount input', () => {
  it('accepts non-negative decimals being typed, turns commas into dots, rejects the rest', () => {
    for (const ok of ['', '0', '12', '12.', '.5', '12.345678']) expect(nextAmountInput(ok)).toBe(ok);
    expect(nextAmountInput('12,5')).toBe('12.5');
    for (const bad of ['-1', '1e3', 'abc', '1.2.3', '1,2,3', ' 1', '+1', '0x10', 'Infinity', '1'.repeat(41)]) expect(nextAmountInput(bad)).toBeNull();
  });
  it('parses finished amounts only', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('.')).toBeNull();
    expect(parseAmount('.5')?.toFixed()).toBe('0.5');
    expect(parseAmount('12.')?.toFixed()).toBe('12');
    expect(parseAmount('1e3')).toBeNull();
  });
});

describe('quotes', () => {
  it('prices tokens, rounding the payment up to 6 decimals', () => {
    expect(quoteForTokens('100', ETH)).toEqual({ tokens: '100', payAmount: '0.000334', level: 'Bronze', bonusPercent: '5', bonusTokens: '5', usdAmount: '1' });
    expect(quoteForTokens('200', { rate: '3', priceUsd: '0.5', decimals: 6 }).payAmount).toBe('66.666667');
  });
  it("rounds the payment up at the currency's own decimals, at most 8", () => {
    // 40 ÷ 9,000,000 = 0.00000444…: satoshis for BTC, not 0.000005 (12.5 % over).
    expect(quoteForTokens('40', { rate: '9000000', priceUsd: '0.01', decimals: 8 }).payAmount).toBe('0.00000445');
    expect(quoteForTokens('40', { rate: '9000000', priceUsd: '0.01', decimals: null }).payAmount).toBe('0.00000445');
    // USDT has 6: its smallest unit.
    expect(quoteForTokens('100', { rate: '300000', priceUsd: '0.01', decimals: 6 }).payAmount).toBe('0.000334');
    // ETH has 18: kept to 8.
    expect(quoteForTokens('100', { rate: '300000', priceUsd: '0.01', decimals: 18 }).payAmount).toBe('0.00033334');
    expect(quoteForTokens('41', { rate: '3', priceUsd: '1', decimals: 0 }).payAmount).toBe('14');
    expect(quoteForPayment('0.000004459', { rate: '9000000', priceUsd: '0.01', decimals: 8 })).toMatchObject({ payAmount: '0.00000445', tokens: '40.05' });
  });
  it('buys tokens for a payment, rounding the tokens down', () => {
    expect(quoteForPayment('0.001', ETH)).toMatchObject({ tokens: '300', payAmount: '0.001', level: 'Silver', bonusTokens: '21' });
    expect(quoteForPayment('1', { rate: '0.3333339', priceUsd: '1', decimals: 6 }).tokens).toBe('0.333333');
  });
  it('gives the bonus of the purchase level at each threshold', () => {
    const cases: [string, string | null, string][] = [
      ['39.999999', null, '0'],
      ['40', 'Bronze', '2'],
      ['199.999999', 'Bronze', '9.999999'],
      ['200', 'Silver', '14'],
      ['50000', 'Legend', '10000'],
      ['100000', 'Legend', '20000'],
    ];
    for (const [tokens, level, bonus] of cases) {
      const q = quoteForTokens(tokens, { rate: '1', priceUsd: '1', decimals: 6 });
      expect([q.level, q.bonusTokens], tokens).toEqual([level, bonus]);
    }
  });
  it('checks the order limits', () => {
    expect(limitProblem('39.999999', 'PRE')?.message).toBe('The minimum order is 40 PRE.');
    expect(limitProblem('40', 'PRE')).toBeNull();
    expect(limitProblem('100000', 'PRE')).toBeNull();
    expect(limitProblem('100000.000001', 'PRE')).toEqual({ kind: 'above_max', message: 'The maximum order is 100,000 PRE.' });
  });
  it('groups the digits of a plain decimal', () => {
    expect(groupDigits('100000')).toBe('100,000');
    expect(groupDigits('1234567.000001')).toBe('1,234,567.000001');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.5')).toBe('0.5');
  });
});

// Decimal strings with up to 6 decimals, as amounts arrive on the wire.
const decimalArb = (maxInt: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 999_999 })).map(([i, f]) => `${i}.${String(f).padStart(6, '0')}`);
const rateArb = fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 999_999 })).map(([i, f]) => `${i}.${String(f).padStart(6, '0')}`);

describe('quote properties', () => {
  it('never asks less than the tokens are worth', () => {
    fc.assert(
      fc.property(decimalArb(200_000), rateArb, (tokens, rate) => {
        const q = quoteForTokens(tokens, { rate, priceUsd: '0.01', decimals: 6 });
        expect(dec(q.payAmount).times(rate).gte(q.tokens)).toBe(true);
        // …and not more than one unit of the 6th decimal above it.
        expect(dec(q.payAmount).minus('0.000001').times(rate).lt(q.tokens)).toBe(true);
      }),
    );
  });
  it('round-trips payment → tokens → payment within one unit of the 6th decimal', () => {
    fc.assert(
      fc.property(decimalArb(1000), rateArb, (pay, rate) => {
        const there = quoteForPayment(pay, { rate, priceUsd: '1', decimals: 6 });
        const back = quoteForTokens(there.tokens, { rate, priceUsd: '1', decimals: 6 });
        const diff = dec(pay).minus(back.payAmount);
        expect(diff.gte(0) && diff.lte('0.000001')).toBe(true);
      }),
    );
  });
  it('gives a bonus that never falls as the amount grows', () => {
    fc.assert(
      fc.property(decimalArb(120_000), decimalArb(120_000), (a, b) => {
        const [lo, hi] = dec(a).lte(b) ? [a, b] : [b, a];
        const qa = quoteForTokens(lo, { rate: '1', priceUsd: '1', decimals: 6 });
        const qb = quoteForTokens(hi, { rate: '1', priceUsd: '1', decimals: 6 });
        expect(dec(qb.bonusTokens).gte(qa.bonusTokens)).toBe(true);
      }),
    );
  });
  it('keeps accepted quotes within the limits', () => {
    fc.assert(
      fc.property(decimalArb(200_000), rateArb, (pay, rate) => {
        const q = quoteForPayment(pay, { rate, priceUsd: '1', decimals: 6 });
        if (limitProblem(q.tokens, 'PRE') === null) {
          expect(dec(q.tokens).gte(40) && dec(q.tokens).lte(100_000)).toBe(true);
        }
      }),
    );
  });
});
