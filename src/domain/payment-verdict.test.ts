import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmedTotal, judgeAmount, MAX_TOLERANCE_BPS } from './payment-verdict';

const USDT = (units: string) => BigInt(units.replace('.', '')); // 6 decimals, written with all six

describe('judging what arrived against what the order asked', () => {
  it('accepts an exact payment and one short by no more than the tolerance', () => {
    expect(judgeAmount(USDT('100.000000'), USDT('100.000000'), 50)).toEqual({ kind: 'paid', excess: 0n });
    expect(judgeAmount(USDT('100.000000'), USDT('99.500000'), 50)).toEqual({ kind: 'paid', excess: 0n });
    expect(judgeAmount(USDT('100.000000'), USDT('100.500000'), 50)).toEqual({ kind: 'paid', excess: 0n });
  });

  it('calls one base unit below the tolerance underpaid, with the remainder to the full amount', () => {
    expect(judgeAmount(USDT('100.000000'), USDT('99.499999'), 50)).toEqual({ kind: 'underpaid', remainder: USDT('0.500001') });
    expect(judgeAmount(10n ** 18n, 0n, 50)).toEqual({ kind: 'underpaid', remainder: 10n ** 18n });
  });

  it('calls one base unit above the tolerance overpaid, with the excess over the full amount', () => {
    expect(judgeAmount(USDT('100.000000'), USDT('100.500001'), 50)).toEqual({ kind: 'overpaid', excess: USDT('0.500001') });
  });

  it('with no tolerance wants the exact amount', () => {
    expect(judgeAmount(1000n, 999n, 0)).toEqual({ kind: 'underpaid', remainder: 1n });
    expect(judgeAmount(1000n, 1001n, 0)).toEqual({ kind: 'overpaid', excess: 1n });
  });

  it('is exact for wei amounts far beyond a float', () => {
    const expected = 123_456_789_012_345_678_901n;
    expect(judgeAmount(expected, expected - 1n, 0).kind).toBe('underpaid');
    expect(judgeAmount(expected, expected, 0).kind).toBe('paid');
  });

  it('agrees with the rule written in rationals, for any amounts and tolerance', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: MAX_TOLERANCE_BPS }), (expected, received, bps) => {
        const verdict = judgeAmount(expected, received, bps);
        const low = expected * BigInt(10_000 - bps);
        const high = expected * BigInt(10_000 + bps);
        const scaled = received * 10_000n;
        if (scaled < low) return verdict.kind === 'underpaid' && verdict.remainder === expected - received && verdict.remainder > 0n;
        if (scaled > high) return verdict.kind === 'overpaid' && verdict.excess === received - expected && verdict.excess > 0n;
        return verdict.kind === 'paid';
      }),
    );
  });

  it('refuses inputs no order can have', () => {
    expect(() => judgeAmount(0n, 1n, 50)).toThrow(RangeError);
    expect(() => judgeAmount(1n, -1n, 50)).toThrow(RangeError);
    expect(() => judgeAmount(1n, 1n, MAX_TOLERANCE_BPS + 1)).toThrow(RangeError);
    expect(() => judgeAmount(1n, 1n, 0.5)).toThrow(RangeError);
  });

  it('counts only confirmed transfers toward what arrived', () => {
    expect(confirmedTotal([{ state: 'confirmed', value: 6n }, { state: 'seen', value: 4n }, { state: 'reverted', value: 9n }, { state: 'confirmed', value: 1n }])).toBe(7n);
    expect(confirmedTotal([])).toBe(0n);
  });
});
