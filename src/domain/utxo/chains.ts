// The Bitcoin-family chains Presale watches, declared once: their address parameters (what
// @scure/btc-signer needs to encode and read addresses), their payment URI scheme and coin type.
// Every amount on these chains is an integer number of the smallest unit (satoshi, litoshi,
// koinu), 10^8 to the coin.
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';

export const KNOWN_UTXO_CHAINS = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-testnet'] as const;
export type KnownUtxoChain = (typeof KNOWN_UTXO_CHAINS)[number];

/** The chains buyers pay on automatically, each a currency network of its own (testnet is for tests). */
export const UTXO_CHAINS = ['bitcoin', 'litecoin', 'dogecoin'] as const satisfies readonly KnownUtxoChain[];
export type UtxoChain = (typeof UTXO_CHAINS)[number];

/** How a receiving address locks its coins: BIP-44 legacy, BIP-49 nested segwit, BIP-84 native segwit. */
export const SCRIPT_TYPES = ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

export interface ChainParams {
  /** As operators and buyers read it. */
  readonly name: string;
  readonly symbol: string;
  /** BIP-21 and its Litecoin and Dogecoin counterparts. */
  readonly uriScheme: 'bitcoin' | 'litecoin' | 'dogecoin';
  /** Address parameters for @scure/btc-signer. Dogecoin has no segwit, hence no bech32 prefix. */
  readonly network: BTC_NETWORK;
  /**
   * Another base58 P2SH version byte the chain still accepts: Litecoin moved its P2SH addresses from
   * 3… (0x05, shared with Bitcoin) to M… (0x32), and Litecoin Core reads both.
   */
  readonly legacyScriptHash?: number;
  readonly segwit: boolean;
  /** SLIP-44 coin type: the second step of the account path m/purpose'/coin'/account'. */
  readonly coinType: number;
}

export const CHAINS: Readonly<Record<KnownUtxoChain, ChainParams>> = {
  bitcoin: {
    name: 'Bitcoin',
    symbol: 'BTC',
    uriScheme: 'bitcoin',
    network: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    segwit: true,
    coinType: 0,
  },
  litecoin: {
    name: 'Litecoin',
    symbol: 'LTC',
    uriScheme: 'litecoin',
    network: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    legacyScriptHash: 0x05,
    segwit: true,
    coinType: 2,
  },
  dogecoin: {
    name: 'Dogecoin',
    symbol: 'DOGE',
    uriScheme: 'dogecoin',
    network: { bech32: '', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e },
    segwit: false,
    coinType: 3,
  },
  // Testnet, signet and testnet4 share these parameters; tests derive and pay testnet addresses.
  'bitcoin-testnet': {
    name: 'Bitcoin testnet',
    symbol: 'tBTC',
    uriScheme: 'bitcoin',
    network: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    segwit: true,
    coinType: 1,
  },
};

/**
 * Each paid chain's first block on its main network: what an Esplora endpoint must answer for
 * `/block-height/0` before it is saved for the chain, so a Bitcoin API given as Litecoin's (or a
 * testnet's) is refused at the field rather than silently showing no payments.
 */
export const GENESIS_HASHES: Readonly<Record<UtxoChain, string>> = {
  bitcoin: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  litecoin: '12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2',
  dogecoin: '1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691',
};

/** Smallest units per coin on every chain here. */
export const UNITS_PER_COIN = 100_000_000n;
export const COIN_DECIMALS = 8;
