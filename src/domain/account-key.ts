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

/** Which account a key is asked for, as the messages name it: EVM chains' m/44'/60'/0', or TRON's m/44'/195'/0'. */
export interface AccountKind {
  chains: string;
  path: string;
}

export const EVM_ACCOUNT: AccountKind = { chains: 'EVM chains', path: 'm/44’/60’/0’' };

/** The refusals, worded for the account `kind` asks for. */
export function accountKeyMessages(kind: AccountKind) {
  return {
    empty: "Enter the account's extended public key (it begins with xpub).",
    recoveryPhrase:
      'This looks like a recovery phrase. Never type it into any website: Presale needs only the account’s extended public key (xpub), which cannot spend.',
    privateKey: 'This looks like a private key. Presale never takes one: enter the account’s extended public key (xpub), which cannot spend.',
    extendedPrivateKey: 'This is an extended private key, which can spend. Enter the extended public key (xpub) of the same account instead.',
    bitcoinKey: `This is a Bitcoin account key (ypub or zpub). ${kind.chains} ${kind.chains.endsWith('s') ? 'need' : 'needs'} the xpub of the account ${kind.path}.`,
    invalid: 'This is not a valid extended public key: check that it was copied whole.',
    notAccountLevel: (depth: number) =>
      `This key is ${depth === 0 ? 'a master key' : `at depth ${depth}`}: enter the key of the account itself, ${kind.path} (depth 3), as the wallet exports it.`,
  } as const;
}

export const ACCOUNT_KEY_MESSAGES = accountKeyMessages(EVM_ACCOUNT);

// BIP-39 phrases are 12 to 24 words in steps of three; a paragraph of any other length is not one.
const PHRASE_WORD_COUNTS = new Set([12, 15, 18, 21, 24]);
// xprv/tprv and the BIP-49/84 private variants (yprv, zprv, uprv, vprv) and their multisig forms.
const PRIVATE_PREFIX = /^[xyztuvYZUV]prv/;
const BITCOIN_PUBLIC_PREFIX = /^[yzuvYZUV]pub/;

/** Reads an EVM account key (or TRON's, which derives the same way), or says in plain words why the input is not one. */
export function parseEvmAccountKey(input: string, kind: AccountKind = EVM_ACCOUNT): AccountKeyResult {
  const messages = accountKeyMessages(kind);
  const text = input.trim();
  if (text === '') return { ok: false, message: messages.empty };
  const secret = secretIn(text);
  if (secret) return { ok: false, message: messages[secret] };
  if (BITCOIN_PUBLIC_PREFIX.test(text)) return { ok: false, message: messages.bitcoinKey };
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text);
  } catch {
    return { ok: false, message: messages.invalid };
  }
  // A private key under a public-looking prefix (a custom version) is refused all the same.
  if (key.privateKey) return { ok: false, message: messages.extendedPrivateKey };
  if (key.depth !== ACCOUNT_DEPTH) return { ok: false, message: messages.notAccountLevel(key.depth) };
  // An account level is reached by a hardened step; a non-hardened one means a key from somewhere else.
  if (key.index < HARDENED) return { ok: false, message: messages.notAccountLevel(key.depth) };
  return { ok: true, key: { xpub: text, account: key.index - HARDENED, external: key.deriveChild(EXTERNAL_CHAIN) } };
}

/**
 * What kind of spending secret `text` (trimmed) looks like, if any: a recovery phrase, a hex private
 * key, or an extended private key. The key field and the TRON address list refuse each by name.
 */
export function secretIn(text: string): 'recoveryPhrase' | 'privateKey' | 'extendedPrivateKey' | null {
  if (looksLikeRecoveryPhrase(text)) return 'recoveryPhrase';
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return 'privateKey';
  if (PRIVATE_PREFIX.test(text)) return 'extendedPrivateKey';
  return null;
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
