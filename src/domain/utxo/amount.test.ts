import { describe, expect, it } from 'vitest';
import { formatCoins, parseCoins, paymentUri } from './amount';

describe('amounts in satoshis', () => {
  it('writes whole coins without floats, trailing zeros trimmed', () => {
    expect(formatCoins(0n)).toBe('0');
    expect(formatCoins(1n)).toBe('0.00000001');
    expect(formatCoins(150_000n)).toBe('0.0015');
    expect(formatCoins(100_000_000n)).toBe('1');
    expect(formatCoins(2_100_000_000_000_000n)).toBe('21000000');
    // Dogecoin's supply is far beyond 2^53 koinu: bigint keeps every unit.
    expect(formatCoins(15_000_000_000_000_000_001n)).toBe('150000000000.00000001');
    expect(() => formatCoins(-1n)).toThrow(RangeError);
  });

  it('reads decimal coins exactly, and refuses fractions of a satoshi', () => {
    expect(parseCoins('0.0015')).toBe(150_000n);
    expect(parseCoins('1')).toBe(100_000_000n);
    expect(parseCoins('0.1')).toBe(10_000_000n);
    expect(parseCoins(' 0.00000001 ')).toBe(1n);
    expect(parseCoins('150000000000.00000001')).toBe(15_000_000_000_000_000_001n);
    expect(() => parseCoins('0.000000001')).toThrow(RangeError);
    expect(() => parseCoins('1e-8')).toThrow(RangeError);
    expect(() => parseCoins('-1')).toThrow(RangeError);
    expect(() => parseCoins('.5')).toThrow(RangeError);
  });

  it('round-trips every amount it writes', () => {
    for (const units of [0n, 1n, 99n, 12_345_678n, 100_000_001n, 2_099_999_997_690_000n]) expect(parseCoins(formatCoins(units))).toBe(units);
  });
});

describe('payment URIs', () => {
  it('BIP-21 with the amount in bitcoins', () => {
    expect(paymentUri('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 150_000n)).toBe('bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu?amount=0.0015');
    expect(paymentUri('bitcoin', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', 5_000_000_000n)).toBe('bitcoin:1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA?amount=50');
  });

  it('the litecoin: and dogecoin: schemes, and the testnet under bitcoin:', () => {
    expect(paymentUri('litecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', 123n)).toBe('litecoin:LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez?amount=0.00000123');
    expect(paymentUri('dogecoin', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', 10_000_000_000n)).toBe('dogecoin:DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC?amount=100');
    expect(paymentUri('bitcoin-testnet', '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2', 1n)).toBe('bitcoin:2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2?amount=0.00000001');
  });

  it('leaves the amount out when there is none, and percent-encodes a label', () => {
    expect(paymentUri('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(paymentUri('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 0n)).toBe('bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(paymentUri('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 1_000n, 'Order 42 & co')).toBe(
      'bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu?amount=0.00001&label=Order%2042%20%26%20co',
    );
  });
});
