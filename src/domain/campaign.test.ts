import { describe, expect, it } from 'vitest';
import { campaignBonus } from './campaign';

describe('campaignBonus', () => {
  it('is the percentage of the tokens ordered, rounded down to the ledger’s 6 decimals', () => {
    expect(campaignBonus('1001', '12.5')).toBe('125.125');
    expect(campaignBonus('1000', '0')).toBe('0');
    expect(campaignBonus('0.333333', '10')).toBe('0.033333');
    expect(campaignBonus('100000', '100')).toBe('100000');
  });
});
