import { describe, expect, it } from 'vitest';
import { utxoAddressProblem, parseUtxoAddress } from './address';

describe('receiving addresses', () => {
  it('reads every standard kind of Bitcoin address, with its checksum', () => {
    // BIP-173 and BIP-350 examples, and the BIP-84/49/44 test phrase's first addresses.
    expect(parseUtxoAddress('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toEqual({ ok: true, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', kind: 'p2wpkh' });
    expect(parseUtxoAddress('bitcoin', '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf')).toMatchObject({ ok: true, kind: 'p2sh' });
    expect(parseUtxoAddress('bitcoin', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toMatchObject({ ok: true, kind: 'p2pkh' });
    expect(parseUtxoAddress('bitcoin', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toMatchObject({ ok: true, kind: 'p2wsh' });
    expect(parseUtxoAddress('bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toMatchObject({ ok: true, kind: 'p2tr' });
    expect(parseUtxoAddress('bitcoin-testnet', '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2')).toMatchObject({ ok: true, kind: 'p2sh' });
  });

  it('gives bech32 addresses in lower case, however they were typed', () => {
    expect(parseUtxoAddress('bitcoin', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toMatchObject({ ok: true, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' });
    expect(parseUtxoAddress('bitcoin', 'bc1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU').ok).toBe(false);
  });

  it('refuses a wrong checksum, a bech32 address with a bech32m checksum, and spaces', () => {
    expect(utxoAddressProblem('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBe('Not a valid Bitcoin address (checksum or format is wrong).');
    expect(utxoAddressProblem('bitcoin', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabB')).toMatch(/checksum/);
    // BIP-350's list of invalid addresses: segwit v0 encoded with bech32m.
    expect(utxoAddressProblem('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toMatch(/checksum/);
    expect(utxoAddressProblem('bitcoin', 'bc1q cr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('An address has no spaces in it.');
    expect(utxoAddressProblem('bitcoin', '')).toBe('Enter a Bitcoin address.');
  });

  it('names the chain an address of another chain belongs to', () => {
    expect(utxoAddressProblem('bitcoin', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toBe('This is a Litecoin address, not a Bitcoin one.');
    expect(utxoAddressProblem('litecoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('This is a Bitcoin address, not a Litecoin one.');
    expect(utxoAddressProblem('dogecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez')).toBe('This is a Litecoin address, not a Dogecoin one.');
    expect(utxoAddressProblem('bitcoin', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC')).toBe('This is a Dogecoin address, not a Bitcoin one.');
    expect(utxoAddressProblem('bitcoin', '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2')).toBe('This is a Bitcoin testnet address, not a Bitcoin one.');
  });

  it('reads Litecoin’s and Dogecoin’s own forms', () => {
    expect(parseUtxoAddress('litecoin', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toMatchObject({ ok: true, kind: 'p2wpkh' });
    expect(parseUtxoAddress('litecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez')).toMatchObject({ ok: true, kind: 'p2pkh' });
    expect(parseUtxoAddress('litecoin', 'M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM')).toEqual({ ok: true, address: 'M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM', kind: 'p2sh' });
    expect(parseUtxoAddress('dogecoin', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC')).toMatchObject({ ok: true, kind: 'p2pkh' });
  });

  it('reads Litecoin’s older 3… form of a P2SH address as the same script in its M… form', () => {
    // Published as the legacy form of M7wtsL7w… (the same hash160 under version 0x05).
    expect(parseUtxoAddress('litecoin', '31jkZShyVAMkVz5cQpu4qp73DrAXtFP3rZ')).toEqual({ ok: true, address: 'M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM', kind: 'p2sh' });
  });

  it('refuses a bech32 address on Dogecoin, which has no segwit', () => {
    expect(parseUtxoAddress('dogecoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu').ok).toBe(false);
  });
});
