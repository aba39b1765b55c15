import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatFixed, formatPercent, formatUsd, formatUsdPrice } from './format';
import { formatRelative } from './format-relative';

describe('format', () => {
  it('groups and fixes decimals without floating point', () => {
    expect(formatFixed('1234567.005', 2)).toBe('1,234,567.01');
    expect(formatFixed('0', 2)).toBe('0.00');
    expect(formatFixed('999.999', 2)).toBe('1,000.00');
    expect(formatFixed('12345678901234567890.123456', 6)).toBe('12,345,678,901,234,567,890.123456');
  });
  it('formats dollars, token amounts and percents', () => {
    expect(formatUsd('0.1')).toBe('$0.10');
    expect(formatUsd('-5')).toBe('-$5.00');
    expect(formatAmount('1500000.000000')).toBe('1,500,000');
    expect(formatAmount('0.1234567')).toBe('0.123457');
    expect(formatAmount('100')).toBe('100');
    expect(formatPercent('7.5')).toBe('7.50%');
  });
  it('says how long ago an instant was', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatRelative(new Date('2026-11-23T11:59:50Z'), now)).toBe('just now');
    expect(formatRelative(new Date('2026-11-20T12:00:00Z'), now)).toBe('3 days ago');
    expect(formatRelative(new Date('2026-11-23T10:00:00Z'), now)).toBe('2 hours ago');
  });
});

describe('formatUsdPrice', () => {
  it('keeps every decimal of the price and at least two', () => {
    expect(formatUsdPrice('0.0137')).toBe('$0.0137');
    expect(formatUsdPrice('0.05')).toBe('$0.05');
    expect(formatUsdPrice('0.050000')).toBe('$0.05');
    expect(formatUsdPrice('2')).toBe('$2.00');
    expect(formatUsdPrice('1234.5')).toBe('$1,234.50');
    expect(formatUsdPrice('0.00000123')).toBe('$0.00000123');
    expect(formatUsdPrice('12345678.123456789')).toBe('$12,345,678.123456789');
  });
});

describe('formatDateTime', () => {
  it('names the time zone', () => {
    expect(formatDateTime('2026-11-23T12:05:00.000Z')).toMatch(/2026.*\d{2}:\d{2}.*(UTC|GMT)/);
  });
});

describe('formatProgress', () => {
  it('reads "< 0.01%" only when some tokens are sold but under 0.01 % of the cap', async () => {
    const { formatProgress } = await import('./format');
    expect(formatProgress('0.00', '0', '100000000')).toBe('0.00%');
    expect(formatProgress('0.00', '0.000001', '100000000')).toBe('< 0.01%');
    expect(formatProgress('0.01', '9999.999999', '100000000')).toBe('< 0.01%');
    expect(formatProgress('0.01', '10000', '100000000')).toBe('0.01%');
    expect(formatProgress('12.50', '12500000', '100000000')).toBe('12.50%');
  });
});
