import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_KEY_MESSAGES, deriveEvmAddress, parseEvmAccountKey, previewEvmAddresses, type EvmAccountKey } from './account-key';

// The public development mnemonic that anvil and hardhat fund their accounts from: its addresses are
// printed by every local chain, so they check the derivation against an independent source.
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];
const ANVIL_ACCOUNT_9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

const master = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC));
const account = master.derive("m/44'/60'/0'");

function accepted(input: string): EvmAccountKey {
  const result = parseEvmAccountKey(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.key;
}

const refusal = (input: string) => {
  const result = parseEvmAccountKey(input);
  return result.ok ? 'accepted' : result.message;
};

describe('EVM account keys', () => {
  it('derives the addresses a wallet shows for the account, from its xpub alone', () => {
    const key = accepted(account.publicExtendedKey);
    expect(previewEvmAddresses(key)).toEqual(ANVIL_ACCOUNTS);
    expect(deriveEvmAddress(key, 9)).toBe(ANVIL_ACCOUNT_9);
    expect(key.account).toBe(0);
  });

  it('reads the key with surrounding white space and remembers which account it is', () => {
    const second = master.derive("m/44'/60'/1'");
    const key = accepted(`  ${second.publicExtendedKey}\n`);
    expect(key.xpub).toBe(second.publicExtendedKey);
    expect(key.account).toBe(1);
    expect(deriveEvmAddress(key, 0)).not.toBe(ANVIL_ACCOUNTS[0]);
  });

  it('refuses recovery phrases of every standard length, and says why', () => {
    expect(refusal(DEV_MNEMONIC)).toBe(ACCOUNT_KEY_MESSAGES.recoveryPhrase);
    const twentyFour = `${DEV_MNEMONIC} ${DEV_MNEMONIC}`;
    expect(refusal(twentyFour)).toBe(ACCOUNT_KEY_MESSAGES.recoveryPhrase);
    expect(refusal(`  ${DEV_MNEMONIC.toUpperCase().replaceAll(' ', '\n')}  `)).toBe(ACCOUNT_KEY_MESSAGES.recoveryPhrase);
  });

  it('refuses private keys in every form it knows', () => {
    expect(refusal(account.privateExtendedKey)).toBe(ACCOUNT_KEY_MESSAGES.extendedPrivateKey);
    const hex = Buffer.from(account.privateKey ?? new Uint8Array()).toString('hex');
    expect(hex).toHaveLength(64);
    expect(refusal(hex)).toBe(ACCOUNT_KEY_MESSAGES.privateKey);
    expect(refusal(`0x${hex}`)).toBe(ACCOUNT_KEY_MESSAGES.privateKey);
    // The same private key under BIP-84's version bytes (zprv).
    const zprv = new HDKey({ ...keyParts(account), privateKey: account.privateKey ?? undefined, versions: { private: 0x04b2430c, public: 0x04b24746 } }).privateExtendedKey;
    expect(zprv.startsWith('zprv')).toBe(true);
    expect(refusal(zprv)).toBe(ACCOUNT_KEY_MESSAGES.extendedPrivateKey);
  });

  it('tells a Bitcoin account key apart from an EVM one', () => {
    const zpub = new HDKey({ ...keyParts(account), publicKey: account.publicKey ?? undefined, versions: { private: 0x04b2430c, public: 0x04b24746 } }).publicExtendedKey;
    expect(zpub.startsWith('zpub')).toBe(true);
    expect(refusal(zpub)).toBe(ACCOUNT_KEY_MESSAGES.bitcoinKey);
  });

  it('wants the account level: not the master key, not an address key, not a non-hardened branch', () => {
    expect(refusal(master.publicExtendedKey)).toBe(ACCOUNT_KEY_MESSAGES.notAccountLevel(0));
    expect(refusal(account.derive('m/0/0').publicExtendedKey)).toBe(ACCOUNT_KEY_MESSAGES.notAccountLevel(5));
    const unhardened = master.derive("m/44'/60'").deriveChild(0);
    expect(unhardened.depth).toBe(3);
    expect(refusal(unhardened.publicExtendedKey)).toBe(ACCOUNT_KEY_MESSAGES.notAccountLevel(3));
  });

  it('refuses empty, truncated and mistyped keys', () => {
    expect(refusal('')).toBe(ACCOUNT_KEY_MESSAGES.empty);
    expect(refusal('   ')).toBe(ACCOUNT_KEY_MESSAGES.empty);
    const xpub = account.publicExtendedKey;
    expect(refusal(xpub.slice(0, -1))).toBe(ACCOUNT_KEY_MESSAGES.invalid);
    // One character changed breaks the base58check checksum.
    const typo = `${xpub.slice(0, 20)}${xpub[20] === 'a' ? 'b' : 'a'}${xpub.slice(21)}`;
    expect(refusal(typo)).toBe(ACCOUNT_KEY_MESSAGES.invalid);
    expect(refusal('not a key at all')).toBe(ACCOUNT_KEY_MESSAGES.invalid);
  });

  it('derives only the non-hardened indexes a wallet can watch', () => {
    const key = accepted(account.publicExtendedKey);
    expect(() => deriveEvmAddress(key, -1)).toThrow(RangeError);
    expect(() => deriveEvmAddress(key, 2 ** 31)).toThrow(RangeError);
    expect(() => deriveEvmAddress(key, 1.5)).toThrow(RangeError);
  });
});

function keyParts(key: HDKey) {
  return { depth: key.depth, index: key.index, parentFingerprint: key.parentFingerprint, chainCode: key.chainCode ?? undefined };
}
