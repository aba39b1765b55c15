import { describe, expect, it } from 'vitest';
import { usdtSweepTrx } from './sweep-fee';

describe('the cost of moving USDT out of a deposit address', () => {
  it('burns 65,000 energy and 345 bytes at the chain’s prices, in TRX', () => {
    // Main net's prices in 2025: 210 sun per energy, 1,000 sun per byte.
    expect(usdtSweepTrx({ energySun: 210, bandwidthSun: 1000 })).toBe('13.995');
    expect(usdtSweepTrx({ energySun: 100, bandwidthSun: 1000 })).toBe('6.845');
  });
});
