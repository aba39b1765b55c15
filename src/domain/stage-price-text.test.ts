// A stage's price as buyers read it: 4 decimals under a dollar, 2 from a dollar, every decimal the price has.
import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { stagePriceText } from './stage-price-text';

describe('stagePriceText', () => {
  it.each([
    ['0.01', '$0.0100'],
    ['0.0105', '$0.0105'],
    ['0.010000', '$0.0100'],
    ['0.00012345', '$0.00012345'],
    ['1', '$1.00'],
    ['1.5', '$1.50'],
    ['12.125', '$12.125'],
    ['0', '$0.0000'],
  ])('%s reads %s', (price, text) => {
    expect(stagePriceText(price)).toBe(text);
  });

  it('pads and never rounds: what the decimal library prints at the same number of decimals', () => {
    for (const price of ['0.0105', '0.5', '3', '0.00000001', '250.75', '0.99999999']) {
      const fraction = price.split('.')[1]?.length ?? 0;
      const shown = Math.max(dec(price).lt(1) ? 4 : 2, fraction);
      expect(stagePriceText(price)).toBe(`$${dec(price).toFixed(shown)}`);
    }
  });
});
