import { describe, expect, it } from 'vitest';
import { ceilTo, dec, floorTo, percentOf, toFixed, toPlain } from './decimal';

describe('decimal helpers', () => {
  it('rounds exactly, without binary floating point', () => {
    expect(toPlain(dec('0.1').plus('0.2'))).toBe('0.3');
    expect(toPlain(floorTo(dec('1.0000019')))).toBe('1.000001');
    expect(toPlain(ceilTo(dec('1.0000011')))).toBe('1.000002');
    expect(toFixed(dec('2.005'), 2)).toBe('2.01');
  });

  it('clamps percentages to 0–100 and handles a zero whole', () => {
    expect(percentOf(dec('5'), dec('0'))).toBe('0.00');
    expect(percentOf(dec('150'), dec('100'))).toBe('100.00');
    expect(percentOf(dec('1'), dec('3'))).toBe('33.33');
  });
});
