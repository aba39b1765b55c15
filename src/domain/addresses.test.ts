import { describe, expect, it } from 'vitest';
import { addressProblem, tronAddressFromHex } from './addresses';

describe('addressProblem', () => {
  it.each([
    ['bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['solana', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'],
    ['other', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  ] as const)('accepts a valid %s address %s', (network, address) => {
    expect(addressProblem(network, address)).toBeNull();
  });

  it('refuses Bitcoin addresses with a wrong checksum', () => {
    expect(addressProblem('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toMatch(/Bitcoin/);
    expect(addressProblem('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toMatch(/Bitcoin/);
  });

  // EIP-55's own test vectors whose checksummed form is all one case: https://eips.ethereum.org/EIPS/eip-55
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ])('accepts the EVM address %s, whose checksummed form is all one case', (address) => {
    expect(addressProblem('evm', address)).toBeNull();
  });

  it('refuses EVM addresses with a wrong checksum or the wrong length', () => {
    expect(addressProblem('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toMatch(/checksum is wrong/);
    expect(addressProblem('evm', '0x52908400098527886E0F7030069857D2E4169EE')).toMatch(/40 hex/);
  });

  it.each([
    // Checksummed, these read 0x52908400098527886E0F7030069857D2E4169EE7 and 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.
    '0x52908400098527886e0f7030069857d2e4169ee7',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
    // Checksummed, this reads 0xde709f2102306220921060314715629080e2fb77.
    '0xDE709F2102306220921060314715629080E2FB77',
  ])('asks for the checksummed form of the single-case EVM address %s', (address) => {
    expect(addressProblem('evm', address)).toBe('Enter the address in its checksummed (mixed-case) form, as your wallet shows it.');
  });

  it('refuses TRON and Solana addresses that do not decode', () => {
    expect(addressProblem('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toMatch(/TRON/);
    expect(addressProblem('solana', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl')).toMatch(/Solana/);
  });

  it('refuses short, long and spaced addresses on any network', () => {
    expect(addressProblem('other', 'abcd')).toBe('Address must be at least 5 characters.');
    expect(addressProblem('other', 'a'.repeat(129))).toMatch(/at most 128/);
    expect(addressProblem('other', 'abc def')).toMatch(/spaces/);
    expect(addressProblem('other', '<script>')).toBeNull();
  });
});

describe('TRON addresses from hex', () => {
  it('gives the base58 form of the 21-byte and the 20-byte hex forms', () => {
    // USDT's TRC-20 contract, as TronGrid shows it in both forms.
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronAddressFromHex('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(() => tronAddressFromHex('00')).toThrow(RangeError);
  });
});
