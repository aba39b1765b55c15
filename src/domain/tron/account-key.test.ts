import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from 'viem';
import { accountKeyMessages, ACCOUNT_KEY_MESSAGES } from '../account-key';
import { deriveTronAddress, parseTronAccountKey, previewTronAddresses, TRON_ACCOUNT } from './account-key';

// The BIP-39 test phrase: wallets (TronLink, Trust Wallet, Ian Coleman's BIP-39 tool) publish
// m/44'/195'/0'/0/0 of it as TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH.
const TEST_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PUBLISHED_FIRST = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

const master = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_PHRASE));
const account = master.derive("m/44'/195'/0'");
const messages = accountKeyMessages(TRON_ACCOUNT);

function accepted(input: string) {
  const result = parseTronAccountKey(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.key;
}

const refusal = (input: string) => {
  const result = parseTronAccountKey(input);
  return result.ok ? 'accepted' : result.message;
};

describe('TRON account keys', () => {
  it('derives the published first address of the BIP-39 test phrase from the account xpub alone', () => {
    const key = accepted(account.publicExtendedKey);
    expect(deriveTronAddress(key, 0)).toBe(PUBLISHED_FIRST);
    expect(previewTronAddresses(key)[0]).toBe(PUBLISHED_FIRST);
  });

  it('gives, for each index, the address TronWeb computes from that index private key', () => {
    const key = accepted(account.publicExtendedKey);
    const previewed = previewTronAddresses(key);
    expect(new Set(previewed).size).toBe(3);
    for (const [i, address] of [...previewed, deriveTronAddress(key, 41)].entries()) {
      const child = account.derive(`m/0/${i === 3 ? 41 : i}`);
      if (!child.privateKey) throw new Error('a derived private key');
      expect(address).toBe(TronWeb.address.fromPrivateKey(bytesToHex(child.privateKey).slice(2)));
    }
  });

  it('refuses recovery phrases, private keys and keys of the wrong depth, naming TRON’s account path', () => {
    expect(refusal(TEST_PHRASE)).toBe(messages.recoveryPhrase);
    expect(refusal(account.privateExtendedKey)).toBe(messages.extendedPrivateKey);
    expect(refusal('a'.repeat(64))).toBe(messages.privateKey);
    expect(refusal(master.publicExtendedKey)).toBe(messages.notAccountLevel(0));
    expect(messages.notAccountLevel(0)).toContain('m/44’/195’/0’');
    expect(messages.notAccountLevel(0)).not.toBe(ACCOUNT_KEY_MESSAGES.notAccountLevel(0));
  });
});
