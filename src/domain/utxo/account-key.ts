// Watch-only account keys for Bitcoin, Litecoin and Dogecoin. The operator gives the extended public
// key a wallet exports for an account (Sparrow, Electrum and the hardware wallet suites call it the
// zpub, ypub or xpub) and Presale derives each buyer's receiving address from it (…/0/i). The version
// bytes at the front of the key say which chain it belongs to and, for ypub and zpub, how its
// addresses are scripted (SLIP-132). A private key or a recovery phrase is never accepted, and is
// recognised so the operator is told why, not merely "invalid".
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { p2pkh, p2sh, p2wpkh } from '@scure/btc-signer';
import { CHAINS, type KnownUtxoChain, type ScriptType } from './chains';

/** BIP-32 marks a hardened child by this bit of its index. */
const HARDENED = 0x80000000;
/** m / purpose' / coin_type' / account': the level whose public key a wallet exports for watch-only use. */
const ACCOUNT_DEPTH = 3;
/** Receiving addresses hang off the external chain (…/0/i); change is …/1/i and never handed out. */
const EXTERNAL_CHAIN = 0;
/** Non-hardened indexes end below 2^31. */
export const MAX_ADDRESS_INDEX = HARDENED - 1;
/** 4 version bytes, depth, fingerprint, index, chain code and key: BIP-32's serialisation. */
const EXTENDED_KEY_BYTES = 78;

interface KeyVersion {
  /** The prefix the version bytes give the base58 text. */
  readonly prefix: string;
  readonly kind: 'public' | 'private' | 'multisig';
  /** The chains whose wallets export this version. */
  readonly chains: readonly KnownUtxoChain[];
  /** The script the version stands for; null for the generic xpub-like versions (BIP-44 unless told otherwise). */
  readonly scriptType: ScriptType | null;
  /** For a private version: the public one that goes with it (to name it in the message). */
  readonly publicPrefix?: string;
}

// SLIP-132 (https://github.com/satoshilabs/slips/blob/master/slip-0132.md). Electrum-LTC and Trezor use
// Bitcoin's xpub/ypub/zpub bytes for Litecoin too, so those belong to both chains; Ltub/Mtub and dgub
// belong to one chain only.
const VERSIONS = new Map<number, KeyVersion>([
  [0x0488b21e, { prefix: 'xpub', kind: 'public', chains: ['bitcoin', 'litecoin', 'dogecoin'], scriptType: null }],
  [0x049d7cb2, { prefix: 'ypub', kind: 'public', chains: ['bitcoin', 'litecoin'], scriptType: 'p2sh-p2wpkh' }],
  [0x04b24746, { prefix: 'zpub', kind: 'public', chains: ['bitcoin', 'litecoin'], scriptType: 'p2wpkh' }],
  [0x043587cf, { prefix: 'tpub', kind: 'public', chains: ['bitcoin-testnet'], scriptType: null }],
  [0x044a5262, { prefix: 'upub', kind: 'public', chains: ['bitcoin-testnet'], scriptType: 'p2sh-p2wpkh' }],
  [0x045f1cf6, { prefix: 'vpub', kind: 'public', chains: ['bitcoin-testnet'], scriptType: 'p2wpkh' }],
  [0x019da462, { prefix: 'Ltub', kind: 'public', chains: ['litecoin'], scriptType: null }],
  [0x01b26ef6, { prefix: 'Mtub', kind: 'public', chains: ['litecoin'], scriptType: 'p2sh-p2wpkh' }],
  [0x02facafd, { prefix: 'dgub', kind: 'public', chains: ['dogecoin'], scriptType: null }],
  [0x0488ade4, { prefix: 'xprv', kind: 'private', chains: ['bitcoin', 'litecoin', 'dogecoin'], scriptType: null, publicPrefix: 'xpub' }],
  [0x049d7878, { prefix: 'yprv', kind: 'private', chains: ['bitcoin', 'litecoin'], scriptType: null, publicPrefix: 'ypub' }],
  [0x04b2430c, { prefix: 'zprv', kind: 'private', chains: ['bitcoin', 'litecoin'], scriptType: null, publicPrefix: 'zpub' }],
  [0x04358394, { prefix: 'tprv', kind: 'private', chains: ['bitcoin-testnet'], scriptType: null, publicPrefix: 'tpub' }],
  [0x044a4e28, { prefix: 'uprv', kind: 'private', chains: ['bitcoin-testnet'], scriptType: null, publicPrefix: 'upub' }],
  [0x045f18bc, { prefix: 'vprv', kind: 'private', chains: ['bitcoin-testnet'], scriptType: null, publicPrefix: 'vpub' }],
  [0x019d9cfe, { prefix: 'Ltpv', kind: 'private', chains: ['litecoin'], scriptType: null, publicPrefix: 'Ltub' }],
  [0x01b26792, { prefix: 'Mtpv', kind: 'private', chains: ['litecoin'], scriptType: null, publicPrefix: 'Mtub' }],
  [0x02fac398, { prefix: 'dgpv', kind: 'private', chains: ['dogecoin'], scriptType: null, publicPrefix: 'dgub' }],
  [0x0295b43f, { prefix: 'Ypub', kind: 'multisig', chains: ['bitcoin', 'litecoin'], scriptType: null }],
  [0x02aa7ed3, { prefix: 'Zpub', kind: 'multisig', chains: ['bitcoin', 'litecoin'], scriptType: null }],
  [0x0295b005, { prefix: 'Yprv', kind: 'private', chains: ['bitcoin', 'litecoin'], scriptType: null, publicPrefix: 'Ypub' }],
  [0x02aa7a99, { prefix: 'Zprv', kind: 'private', chains: ['bitcoin', 'litecoin'], scriptType: null, publicPrefix: 'Zpub' }],
]);

/** The private version that pairs with each public one, for HDKey's `versions`. */
const PRIVATE_OF: Readonly<Record<string, number>> = {
  xpub: 0x0488ade4,
  ypub: 0x049d7878,
  zpub: 0x04b2430c,
  tpub: 0x04358394,
  upub: 0x044a4e28,
  vpub: 0x045f18bc,
  Ltub: 0x019d9cfe,
  Mtub: 0x01b26792,
  dgub: 0x02fac398,
};

const SCRIPT_NAMES: Readonly<Record<ScriptType, string>> = {
  p2pkh: 'legacy (BIP-44, P2PKH)',
  'p2sh-p2wpkh': 'nested segwit (BIP-49, P2SH-P2WPKH)',
  p2wpkh: 'native segwit (BIP-84, P2WPKH)',
};

export interface UtxoAccountKey {
  readonly chain: KnownUtxoChain;
  /** The key as the wallet exported it, trimmed. */
  readonly text: string;
  /** zpub, xpub, Ltub…: what the version bytes say. */
  readonly prefix: string;
  readonly scriptType: ScriptType;
  readonly depth: number;
  /** The account number for an m/purpose'/coin'/account' key; null for Electrum's own layouts. */
  readonly account: number | null;
  readonly external: HDKey;
}

export type UtxoAccountKeyResult = { ok: true; key: UtxoAccountKey } | { ok: false; message: string };

export interface ParseOptions {
  /**
   * How addresses are scripted when the key itself does not say (xpub, tpub, Ltub, dgub): Bitcoin Core
   * and descriptor wallets export an xpub for every script type. Default: BIP-44 P2PKH.
   */
  scriptType?: ScriptType;
}

export const UTXO_KEY_MESSAGES = {
  empty: (chain: KnownUtxoChain) => `Enter the ${CHAINS[chain].name} account's extended public key (${expectedPrefixes(chain)}).`,
  recoveryPhrase:
    'This looks like a recovery phrase. Never type it into any website: Presale needs only the account’s extended public key (zpub or xpub), which cannot spend.',
  privateKey: 'This looks like a private key. Presale never takes one: enter the account’s extended public key (zpub or xpub), which cannot spend.',
  extendedPrivateKey: (prefix: string, publicPrefix: string) =>
    `This is an extended private key (${prefix}…), which can spend. Enter the extended public key (${publicPrefix}…) of the same account instead.`,
  multisig: (prefix: string) => `This is a multisig account key (${prefix}…). Presale derives single-signature addresses only: enter the key of a single-signature account.`,
  wrongChain: (prefix: string, chain: KnownUtxoChain, owners: readonly KnownUtxoChain[]) =>
    `A ${prefix}… key belongs to ${owners.map((c) => CHAINS[c].name).join(' or ')}, not ${CHAINS[chain].name}: enter the key the ${CHAINS[chain].name} wallet exports (${expectedPrefixes(chain)}).`,
  noSegwit: (chain: KnownUtxoChain) => `${CHAINS[chain].name} has no segwit addresses: its account keys are legacy (BIP-44, P2PKH).`,
  scriptMismatch: (prefix: string, keyScript: ScriptType, asked: ScriptType) =>
    `A ${prefix}… key is for ${SCRIPT_NAMES[keyScript]} addresses, not ${SCRIPT_NAMES[asked]}.`,
  invalid: 'This is not a valid extended public key: check that it was copied whole.',
  unknownVersion: 'This extended key is of a kind Presale does not know. Enter the zpub, ypub or xpub the wallet exports for the account.',
  notAccountLevel: (depth: number) =>
    `This key is at depth ${depth}: enter the key of the account itself (m/84’/0’/0’ or the like, depth 3), as the wallet exports it.`,
} as const;

/** The account-key prefixes the chain's wallets export (public, single-signature): xpub, ypub, zpub on Bitcoin. */
export function keyPrefixesOf(chain: KnownUtxoChain): string[] {
  return [...VERSIONS.values()].filter((v) => v.kind === 'public' && v.chains.includes(chain)).map((v) => v.prefix);
}

function expectedPrefixes(chain: KnownUtxoChain): string {
  return keyPrefixesOf(chain).join(', ');
}

const base58check = createBase58check(sha256);
// BIP-39 phrases are 12 to 24 words in steps of three.
const PHRASE_WORD_COUNTS = new Set([12, 15, 18, 21, 24]);

/** Reads an account key for `chain`, or says in plain words why the input is not one. */
export function parseUtxoAccountKey(chain: KnownUtxoChain, input: string, options: ParseOptions = {}): UtxoAccountKeyResult {
  const text = input.trim();
  const fail = (message: string): UtxoAccountKeyResult => ({ ok: false, message });
  if (text === '') return fail(UTXO_KEY_MESSAGES.empty(chain));
  if (looksLikeRecoveryPhrase(text)) return fail(UTXO_KEY_MESSAGES.recoveryPhrase);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text) || isWif(text)) return fail(UTXO_KEY_MESSAGES.privateKey);

  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    return fail(UTXO_KEY_MESSAGES.invalid);
  }
  if (bytes.length !== EXTENDED_KEY_BYTES) return fail(UTXO_KEY_MESSAGES.invalid);
  const version = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const known = VERSIONS.get(version);
  // A private key carries a 0x00 byte before its 32 bytes where a public key has 0x02 or 0x03.
  if (bytes[45] === 0x00) return fail(UTXO_KEY_MESSAGES.extendedPrivateKey(known?.prefix ?? 'xprv', known?.publicPrefix ?? 'xpub'));
  if (!known) return fail(UTXO_KEY_MESSAGES.unknownVersion);
  if (known.kind === 'private') return fail(UTXO_KEY_MESSAGES.extendedPrivateKey(known.prefix, known.publicPrefix ?? 'xpub'));
  if (known.kind === 'multisig') return fail(UTXO_KEY_MESSAGES.multisig(known.prefix));
  if (!known.chains.includes(chain)) return fail(UTXO_KEY_MESSAGES.wrongChain(known.prefix, chain, known.chains));

  const scriptType = known.scriptType ?? options.scriptType ?? 'p2pkh';
  if (known.scriptType && options.scriptType && options.scriptType !== known.scriptType) {
    return fail(UTXO_KEY_MESSAGES.scriptMismatch(known.prefix, known.scriptType, options.scriptType));
  }
  if (scriptType !== 'p2pkh' && !CHAINS[chain].segwit) return fail(UTXO_KEY_MESSAGES.noSegwit(chain));

  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, { public: version, private: PRIVATE_OF[known.prefix] ?? version });
  } catch {
    return fail(UTXO_KEY_MESSAGES.invalid);
  }
  if (key.privateKey) return fail(UTXO_KEY_MESSAGES.extendedPrivateKey(known.prefix, known.prefix));
  const layout = accountLayout(key, known);
  if (layout === undefined) return fail(UTXO_KEY_MESSAGES.notAccountLevel(key.depth));
  return {
    ok: true,
    key: { chain, text, prefix: known.prefix, scriptType, depth: key.depth, account: layout, external: key.deriveChild(EXTERNAL_CHAIN) },
  };
}

/**
 * The account number if the key sits where wallets put an account, null for Electrum's own seeds,
 * undefined for anything else. BIP-44/49/84 accounts are hardened children at depth 3. Electrum's
 * own (non-BIP-39) seeds export the master key (depth 0) for legacy wallets and m/0' (depth 1) for
 * segwit ones, and derive …/0/i from them exactly as from an account; a BIP-39 master key looks the
 * same as Electrum's, and the first addresses shown to the operator are what tells them apart.
 */
function accountLayout(key: HDKey, version: KeyVersion): number | null | undefined {
  if (key.depth === ACCOUNT_DEPTH) return key.index >= HARDENED ? key.index - HARDENED : undefined;
  if (key.depth === 0 && version.scriptType === null) return null;
  if (key.depth === 1 && key.index === HARDENED && version.scriptType !== null) return null;
  return undefined;
}

function looksLikeRecoveryPhrase(text: string): boolean {
  const words = text.split(/\s+/);
  return PHRASE_WORD_COUNTS.has(words.length) && words.every((w) => /^[a-zA-Z]{3,8}$/.test(w));
}

/** A wallet-import-format private key of any chain here: base58check of version, 32 bytes, optional 0x01. */
function isWif(text: string): boolean {
  if (text.length < 50 || text.length > 53) return false;
  try {
    const bytes = base58check.decode(text);
    const wifs = Object.values(CHAINS).map((c) => c.network.wif);
    return (bytes.length === 33 || (bytes.length === 34 && bytes[33] === 0x01)) && wifs.includes(bytes[0] ?? -1);
  } catch {
    return false;
  }
}

/** The receiving address at …/0/index of the account. */
export function deriveUtxoAddress(key: UtxoAccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new RangeError(`Address index out of range: ${index}`);
  const publicKey = key.external.deriveChild(index).publicKey;
  if (!publicKey) throw new Error('A public derivation always yields a public key.');
  return addressOf(key.chain, key.scriptType, publicKey);
}

/** The address that locks coins to `publicKey` (33 bytes, compressed) with `scriptType` on `chain`. */
export function addressOf(chain: KnownUtxoChain, scriptType: ScriptType, publicKey: Uint8Array): string {
  const network = CHAINS[chain].network;
  const payment =
    scriptType === 'p2wpkh' ? p2wpkh(publicKey, network) : scriptType === 'p2sh-p2wpkh' ? p2sh(p2wpkh(publicKey, network), network) : p2pkh(publicKey, network);
  if (!payment.address) throw new Error('Every script type here has an address form.');
  return payment.address;
}

/** The first addresses of the account, for the operator to compare with what the wallet shows. */
export function previewUtxoAddresses(key: UtxoAccountKey, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => deriveUtxoAddress(key, i));
}
