import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2pkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  UTXO_KEY_MESSAGES,
  deriveUtxoAddress,
  parseUtxoAccountKey,
  previewUtxoAddresses,
  type UtxoAccountKey,
  type ParseOptions,
} from './account-key';
import type { KnownUtxoChain } from './chains';

// The BIP-39 test phrase every wallet and every BIP below publishes its vectors for.
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const master = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON));

const VERSION = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  ypub: { public: 0x049d7cb2, private: 0x049d7878 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
  Ltub: { public: 0x019da462, private: 0x019d9cfe },
  Mtub: { public: 0x01b26ef6, private: 0x01b26792 },
  dgub: { public: 0x02facafd, private: 0x02fac398 },
  tpub: { public: 0x043587cf, private: 0x04358394 },
  Zpub: { public: 0x02aa7ed3, private: 0x02aa7a99 },
} as const;

/** The account at `path` of the test phrase, serialised under another version (SLIP-132). */
function exported(path: string, version: keyof typeof VERSION) {
  const key = master.derive(path);
  const versioned = new HDKey({
    versions: VERSION[version],
    depth: key.depth,
    index: key.index,
    parentFingerprint: key.parentFingerprint,
    chainCode: key.chainCode ?? undefined,
    privateKey: key.privateKey ?? undefined,
  });
  return { xpub: versioned.publicExtendedKey, xprv: versioned.privateExtendedKey };
}

function accepted(chain: KnownUtxoChain, input: string, options?: ParseOptions): UtxoAccountKey {
  const result = parseUtxoAccountKey(chain, input, options);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.key;
}

const refusal = (chain: KnownUtxoChain, input: string, options?: ParseOptions) => {
  const result = parseUtxoAccountKey(chain, input, options);
  return result.ok ? 'accepted' : result.message;
};

describe('published test vectors', () => {
  it('BIP-84: the zpub of m/84’/0’/0’ gives bc1qcr8te4… as its first receiving address', () => {
    // https://github.com/bitcoin/bips/blob/master/bip-0084.mediawiki#test-vectors
    const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(exported("m/84'/0'/0'", 'zpub').xpub).toBe(zpub);
    const key = accepted('bitcoin', zpub);
    expect(key.scriptType).toBe('p2wpkh');
    expect(key.prefix).toBe('zpub');
    expect(key.account).toBe(0);
    expect(previewUtxoAddresses(key, 2)).toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']);
  });

  it('BIP-49: the testnet upub of m/49’/1’/0’ gives 2Mww8dCY… as its first receiving address', () => {
    // https://github.com/bitcoin/bips/blob/master/bip-0049.mediawiki#test-vectors
    const upub = 'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';
    const key = accepted('bitcoin-testnet', upub);
    expect(key.scriptType).toBe('p2sh-p2wpkh');
    expect(deriveUtxoAddress(key, 0)).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
  });

  it('BIP-44 and BIP-49 on Bitcoin mainnet: the addresses wallets publish for the test phrase', () => {
    const legacy = accepted('bitcoin', exported("m/44'/0'/0'", 'xpub').xpub);
    expect(legacy.scriptType).toBe('p2pkh');
    expect(deriveUtxoAddress(legacy, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    const nested = accepted('bitcoin', exported("m/49'/0'/0'", 'ypub').xpub);
    expect(nested.scriptType).toBe('p2sh-p2wpkh');
    expect(deriveUtxoAddress(nested, 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
  });

  it('Litecoin (Ltub, Mtub, zpub) and Dogecoin (dgub): the addresses wallets publish for the test phrase', () => {
    expect(deriveUtxoAddress(accepted('litecoin', exported("m/44'/2'/0'", 'Ltub').xpub), 0)).toBe('LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez');
    expect(deriveUtxoAddress(accepted('litecoin', exported("m/49'/2'/0'", 'Mtub').xpub), 0)).toBe('M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM');
    expect(deriveUtxoAddress(accepted('litecoin', exported("m/84'/2'/0'", 'zpub').xpub), 0)).toBe('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
    expect(deriveUtxoAddress(accepted('dogecoin', exported("m/44'/3'/0'", 'dgub').xpub), 0)).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    // Many Dogecoin wallets export Bitcoin's xpub bytes for the same account.
    expect(deriveUtxoAddress(accepted('dogecoin', exported("m/44'/3'/0'", 'xpub').xpub), 0)).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
  });

  describe('BIP-32 test vector 1', () => {
    // https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki#test-vector-1
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const vector = HDKey.fromMasterSeed(seed);
    const chain = {
      m: 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
      "m/0'": 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
      "m/0'/1": 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
      "m/0'/1/2'": 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
      "m/0'/1/2'/2": 'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
      "m/0'/1/2'/2/1000000000": 'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    };

    it('matches the vector, so the keys below are the published ones', () => {
      for (const [path, xpub] of Object.entries(chain)) expect(vector.derive(path).publicExtendedKey).toBe(xpub);
    });

    it('derives …/0/i of the depth-3 key (a hardened child) as the private derivation does', () => {
      const key = accepted('bitcoin', chain["m/0'/1/2'"]);
      expect(key.account).toBe(2);
      for (const i of [0, 1, 7]) {
        const publicKey = vector.derive(`m/0'/1/2'/0/${i}`).publicKey;
        if (!publicKey) throw new Error('no public key');
        expect(deriveUtxoAddress(key, i)).toBe(p2pkh(publicKey).address);
      }
    });

    it('takes the master key as Electrum’s legacy layout and refuses every other depth', () => {
      expect(accepted('bitcoin', chain.m).account).toBeNull();
      expect(refusal('bitcoin', chain["m/0'"])).toBe(UTXO_KEY_MESSAGES.notAccountLevel(1));
      expect(refusal('bitcoin', chain["m/0'/1"])).toBe(UTXO_KEY_MESSAGES.notAccountLevel(2));
      expect(refusal('bitcoin', chain["m/0'/1/2'/2"])).toBe(UTXO_KEY_MESSAGES.notAccountLevel(4));
      expect(refusal('bitcoin', chain["m/0'/1/2'/2/1000000000"])).toBe(UTXO_KEY_MESSAGES.notAccountLevel(5));
    });

    it('refuses the vector’s private keys', () => {
      expect(refusal('bitcoin', vector.derive("m/0'/1/2'").privateExtendedKey)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('xprv', 'xpub'));
      expect(refusal('bitcoin', vector.privateExtendedKey)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('xprv', 'xpub'));
    });
  });
});

describe('what the key says about its chain and script', () => {
  it('takes an xpub as BIP-44 unless told how its addresses are scripted', () => {
    const xpubOf84 = exported("m/84'/0'/0'", 'xpub').xpub;
    expect(deriveUtxoAddress(accepted('bitcoin', xpubOf84), 0)).not.toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    // Bitcoin Core and descriptor wallets export an xpub for a native segwit account.
    const told = accepted('bitcoin', xpubOf84, { scriptType: 'p2wpkh' });
    expect(told.scriptType).toBe('p2wpkh');
    expect(deriveUtxoAddress(told, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('refuses a script type that contradicts the key’s own', () => {
    const zpub = exported("m/84'/0'/0'", 'zpub').xpub;
    expect(refusal('bitcoin', zpub, { scriptType: 'p2pkh' })).toBe(UTXO_KEY_MESSAGES.scriptMismatch('zpub', 'p2wpkh', 'p2pkh'));
    expect(accepted('bitcoin', zpub, { scriptType: 'p2wpkh' }).scriptType).toBe('p2wpkh');
  });

  it('refuses keys of another chain, naming the chain', () => {
    expect(refusal('bitcoin', exported("m/44'/2'/0'", 'Ltub').xpub)).toBe(UTXO_KEY_MESSAGES.wrongChain('Ltub', 'bitcoin', ['litecoin']));
    expect(refusal('bitcoin', exported("m/44'/3'/0'", 'dgub').xpub)).toMatch(/^A dgub… key belongs to Dogecoin, not Bitcoin/);
    expect(refusal('litecoin', exported("m/44'/3'/0'", 'dgub').xpub)).toMatch(/belongs to Dogecoin, not Litecoin/);
    expect(refusal('dogecoin', exported("m/84'/3'/0'", 'zpub').xpub)).toMatch(/belongs to Bitcoin or Litecoin, not Dogecoin/);
    expect(refusal('bitcoin', exported("m/84'/1'/0'", 'tpub').xpub)).toMatch(/belongs to Bitcoin testnet, not Bitcoin/);
    expect(refusal('bitcoin-testnet', exported("m/84'/0'/0'", 'zpub').xpub)).toMatch(/not Bitcoin testnet/);
  });

  it('refuses segwit on Dogecoin, which has none', () => {
    expect(refusal('dogecoin', exported("m/44'/3'/0'", 'dgub').xpub, { scriptType: 'p2wpkh' })).toBe(UTXO_KEY_MESSAGES.noSegwit('dogecoin'));
  });

  it('takes Electrum’s segwit layout (m/0’) for a zpub, and refuses other depth-1 keys', () => {
    const electrum = accepted('bitcoin', exported("m/0'", 'zpub').xpub);
    expect(electrum.account).toBeNull();
    expect(refusal('bitcoin', exported("m/1'", 'zpub').xpub)).toBe(UTXO_KEY_MESSAGES.notAccountLevel(1));
    expect(refusal('bitcoin', exported('m', 'zpub').xpub)).toBe(UTXO_KEY_MESSAGES.notAccountLevel(0));
    expect(refusal('bitcoin', exported("m/84'/0'/0'/0", 'zpub').xpub)).toBe(UTXO_KEY_MESSAGES.notAccountLevel(4));
  });

  it('refuses a depth-3 key reached by a non-hardened step', () => {
    expect(refusal('bitcoin', exported("m/84'/0'/0", 'zpub').xpub)).toBe(UTXO_KEY_MESSAGES.notAccountLevel(3));
  });

  it('refuses multisig account keys', () => {
    expect(refusal('bitcoin', exported("m/48'/0'/0'/2'", 'Zpub').xpub)).toBe(UTXO_KEY_MESSAGES.multisig('Zpub'));
  });
});

describe('what is never accepted', () => {
  it('refuses every extended private key, naming its public counterpart', () => {
    expect(refusal('bitcoin', exported("m/84'/0'/0'", 'zpub').xprv)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('zprv', 'zpub'));
    expect(refusal('bitcoin', exported("m/49'/0'/0'", 'ypub').xprv)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('yprv', 'ypub'));
    expect(refusal('litecoin', exported("m/44'/2'/0'", 'Ltub').xprv)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('Ltpv', 'Ltub'));
    expect(refusal('dogecoin', exported("m/44'/3'/0'", 'dgub').xprv)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('dgpv', 'dgub'));
    // Even for a chain the key does not belong to, the private key is what the operator must hear about.
    expect(refusal('dogecoin', exported("m/84'/0'/0'", 'zpub').xprv)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('zprv', 'zpub'));
  });

  it('refuses a private key under a version Presale does not know', () => {
    const odd = new HDKey({ versions: { public: 0x01020304, private: 0x05060708 }, privateKey: master.privateKey ?? undefined, chainCode: master.chainCode ?? undefined });
    expect(refusal('bitcoin', odd.privateExtendedKey)).toBe(UTXO_KEY_MESSAGES.extendedPrivateKey('xprv', 'xpub'));
    expect(refusal('bitcoin', odd.publicExtendedKey)).toBe(UTXO_KEY_MESSAGES.unknownVersion);
  });

  it('refuses recovery phrases, hex private keys and WIF private keys', () => {
    expect(refusal('bitcoin', ABANDON)).toBe(UTXO_KEY_MESSAGES.recoveryPhrase);
    const hex = Buffer.from(master.derive("m/84'/0'/0'/0/0").privateKey ?? new Uint8Array()).toString('hex');
    expect(refusal('bitcoin', hex)).toBe(UTXO_KEY_MESSAGES.privateKey);
    // The BIP-84 vector's first private key in wallet import format.
    expect(refusal('bitcoin', 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d')).toBe(UTXO_KEY_MESSAGES.privateKey);
  });

  it('says a damaged key is not valid, and an empty field what to enter', () => {
    const zpub = exported("m/84'/0'/0'", 'zpub').xpub;
    expect(refusal('bitcoin', `${zpub.slice(0, -1)}${zpub.endsWith('s') ? 't' : 's'}`)).toBe(UTXO_KEY_MESSAGES.invalid);
    expect(refusal('bitcoin', zpub.slice(0, 60))).toBe(UTXO_KEY_MESSAGES.invalid);
    expect(refusal('bitcoin', '  ')).toBe('Enter the Bitcoin account\'s extended public key (xpub, ypub, zpub).');
    expect(refusal('litecoin', '')).toBe("Enter the Litecoin account's extended public key (xpub, ypub, zpub, Ltub, Mtub).");
  });

  it('reads a key with white space around it and keeps it trimmed', () => {
    const zpub = exported("m/84'/0'/0'", 'zpub').xpub;
    expect(accepted('bitcoin', `\n ${zpub} \t`).text).toBe(zpub);
  });

  it('refuses address indexes outside the non-hardened range', () => {
    const key = accepted('bitcoin', exported("m/84'/0'/0'", 'zpub').xpub);
    expect(() => deriveUtxoAddress(key, -1)).toThrow(RangeError);
    expect(() => deriveUtxoAddress(key, 0x80000000)).toThrow(RangeError);
    expect(() => deriveUtxoAddress(key, 1.5)).toThrow(RangeError);
  });
});
