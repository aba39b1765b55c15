// Watch-only account keys: the operator gives the extended public key of an account (m/44'/60'/0' on
// EVM chains) and Presale derives each buyer's deposit address from it (…/0/i). A private key or a
// recovery phrase is never accepted, and is recognised so the operator is told why, not merely "invalid".
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { getAddress, keccak256, toHex } from 'viem';

/** BIP-32 marks a hardened child by this bit of its index. */
const HARDENED = 0x80000000;
/** m / purpose' / coin_type' / account': the level whose public key a wallet exports for watch-only use. */
const ACCOUNT_DEPTH = 3;
/** Receiving addresses hang off the external chain of the account (…/0/i), as wallets show them. */
const EXTERNAL_CHAIN = 0;
/** Non-hardened indexes end below 2^31. */
export const MAX_ADDRESS_INDEX = HARDENED - 1;

export type AccountKeyResult = { ok: true; key: EvmAccountKey } | { ok: false; message: string };

export interface EvmAccountKey {
  /** The key as BIP-32 serialises it (xpub…), trimmed. */
  readonly xpub: string;
  /** The account number the key was exported for (the hardened index of its last step). */
  readonly account: number;
  readonly external: HDKey;
}

export const ACCOUNT_KEY_MESSAGES = {
  empty: "Enter the account's extended public key (it begins with xpub).",
  recoveryPhrase:
    'This looks like a recovery phrase. Never type it into any website: Presale needs only the account’s extended public key (xpub), which cannot spend.',
  privateKey: 'This looks like a private key. Presale never takes one: enter the account’s extended public key (xpub), which cannot spend.',
  extendedPrivateKey: 'This is an extended private key, which can spend. Enter the extended public key (xpub) of the same account instead.',
  bitcoinKey: 'This is a Bitcoin account key (ypub or zpub). EVM chains need the xpub of the account m/44’/60’/0’.',
  invalid: 'This is not a valid extended public key: check that it was copied whole.',
  notAccountLevel: (depth: number) =>
    `This key is ${depth === 0 ? 'a master key' : `at depth ${depth}`}: enter the key of the account itself, m/44’/60’/0’ (depth 3), as the wallet exports it.`,
} as const;

// BIP-39 phrases are 12 to 24 words in steps of three; a paragraph of any other length is not one.
const PHRASE_WORD_COUNTS = new Set([12, 15, 18, 21, 24]);
// xprv/tprv and the BIP-49/84 private variants (yprv, zprv, uprv, vprv) and their multisig forms.
const PRIVATE_PREFIX = /^[xyztuvYZUV]prv/;
const BITCOIN_PUBLIC_PREFIX = /^[yzuvYZUV]pub/;

/** Reads an EVM account key, or says in plain words why the input is not one. */
export function parseEvmAccountKey(input: string): AccountKeyResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: ACCOUNT_KEY_MESSAGES.empty };
  if (looksLikeRecoveryPhrase(text)) return { ok: false, message: ACCOUNT_KEY_MESSAGES.recoveryPhrase };
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return { ok: false, message: ACCOUNT_KEY_MESSAGES.privateKey };
  if (PRIVATE_PREFIX.test(text)) return { ok: false, message: ACCOUNT_KEY_MESSAGES.extendedPrivateKey };
  if (BITCOIN_PUBLIC_PREFIX.test(text)) return { ok: false, message: ACCOUNT_KEY_MESSAGES.bitcoinKey };
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text);
  } catch {
    return { ok: false, message: ACCOUNT_KEY_MESSAGES.invalid };
  }
  // A private key under a public-looking prefix (a custom version) is refused all the same.
  if (key.privateKey) return { ok: false, message: ACCOUNT_KEY_MESSAGES.extendedPrivateKey };
  if (key.depth !== ACCOUNT_DEPTH) return { ok: false, message: ACCOUNT_KEY_MESSAGES.notAccountLevel(key.depth) };
  // An account level is reached by a hardened step; a non-hardened one means a key from somewhere else.
  if (key.index < HARDENED) return { ok: false, message: ACCOUNT_KEY_MESSAGES.notAccountLevel(key.depth) };
  return { ok: true, key: { xpub: text, account: key.index - HARDENED, external: key.deriveChild(EXTERNAL_CHAIN) } };
}

function looksLikeRecoveryPhrase(text: string): boolean {
  const words = text.split(/\s+/);
  return PHRASE_WORD_COUNTS.has(words.length) && words.every((w) => /^[a-zA-Z]{3,8}$/.test(w));
}

/** The checksummed address at …/0/index of the account. */
export function deriveEvmAddress(key: EvmAccountKey, index: number): `0x${string}` {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new RangeError(`Address index out of range: ${index}`);
  const child = key.external.deriveChild(index);
  if (!child.publicKey) throw new Error('A public derivation always yields a public key.');
  // An Ethereum address is the last 20 bytes of keccak256 over the uncompressed point without its 0x04 prefix.
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return getAddress(`0x${keccak256(toHex(uncompressed.subarray(1))).slice(-40)}`);
}

/** The first addresses of the account, for the operator to compare with what the wallet shows. */
export function previewEvmAddresses(key: EvmAccountKey, count = 3): `0x${string}`[] {
  return Array.from({ length: count }, (_, i) => deriveEvmAddress(key, i));
}
