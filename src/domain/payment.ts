// What a wallet needs to pay an order: a payment URI for the QR code (BIP-21, EIP-681), the shape
// of a transaction hash on each network, and where a hash can be looked up.
import { parseUnits } from 'viem';
import { addressProblem, type AddressNetwork } from './addresses';

export interface PaymentTarget {
  network: AddressNetwork;
  address: string;
  payAmount: string;
  chainId: number | null;
  /** For tokens (e.g. USDT on Ethereum): the token's contract and its decimals. */
  tokenContract: string | null;
  decimals: number | null;
}

/**
 * A URI wallets understand: BIP-21 for bitcoin (amount in BTC), EIP-681 for ether (value in wei)
 * and for ERC-20 transfers (the token contract's transfer with recipient and amount in base
 * units); the bare address for networks without a widely supported URI scheme.
 */
export function paymentUri(t: PaymentTarget): string {
  switch (t.network) {
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
      // BIP-21, and Litecoin's and Dogecoin's schemes after it: the amount in coins.
      return `${t.network}:${t.address}?amount=${t.payAmount}`;
    case 'evm': {
      const chain = t.chainId === null ? '' : `@${t.chainId}`;
      if (t.tokenContract) {
        const units = parseUnits(t.payAmount, t.decimals ?? 18).toString();
        return `ethereum:${t.tokenContract}${chain}/transfer?address=${t.address}&uint256=${units}`;
      }
      return `ethereum:${t.address}${chain}?value=${parseUnits(t.payAmount, 18).toString()}`;
    }
    default:
      return t.address;
  }
}

/** An error message for a transaction hash of the wrong shape for its network, or null. */
export function txHashProblem(network: AddressNetwork, hash: string): string | null {
  switch (network) {
    case 'evm':
      return /^0x[0-9a-fA-F]{64}$/.test(hash) ? null : 'An EVM transaction hash is 0x followed by 64 hex digits.';
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
    case 'tron':
      return /^[0-9a-fA-F]{64}$/.test(hash) ? null : 'A transaction id is 64 hex digits.';
    case 'solana':
      return /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(hash) ? null : 'A Solana signature is 64 to 90 base58 characters.';
    case 'other':
      return /^[0-9A-Za-z:_-]{8,128}$/.test(hash) ? null : 'A transaction hash is 8 to 128 letters, digits, colons, dashes or underscores.';
  }
}

/** Where a network's transactions and addresses are shown in public: URL prefixes, an EVM chain by its id. */
interface Explorer {
  tx: string;
  address: string;
}

const evmExplorer = (base: string): Explorer => ({ tx: `${base}/tx/`, address: `${base}/address/` });

/** The one table of public explorers, keyed by network (`evm:<chain id>` for an EVM chain). */
const EXPLORERS: Readonly<Record<string, Explorer>> = {
  bitcoin: { tx: 'https://mempool.space/tx/', address: 'https://mempool.space/address/' },
  litecoin: { tx: 'https://litecoinspace.org/tx/', address: 'https://litecoinspace.org/address/' },
  dogecoin: { tx: 'https://blockchair.com/dogecoin/transaction/', address: 'https://blockchair.com/dogecoin/address/' },
  tron: { tx: 'https://tronscan.org/#/transaction/', address: 'https://tronscan.org/#/address/' },
  solana: { tx: 'https://solscan.io/tx/', address: 'https://solscan.io/account/' },
  'evm:1': evmExplorer('https://etherscan.io'),
  'evm:10': evmExplorer('https://optimistic.etherscan.io'),
  'evm:56': evmExplorer('https://bscscan.com'),
  'evm:137': evmExplorer('https://polygonscan.com'),
  'evm:8453': evmExplorer('https://basescan.org'),
  'evm:42161': evmExplorer('https://arbiscan.io'),
};

function explorerOf(network: AddressNetwork, chainId: number | null): Explorer | undefined {
  if (network === 'evm') return chainId === null ? undefined : EXPLORERS[`evm:${chainId}`];
  return EXPLORERS[network];
}

/** A public explorer page for the hash, where the network has a well-known one. */
export function explorerTxUrl(network: AddressNetwork, chainId: number | null, hash: string): string | null {
  if (txHashProblem(network, hash)) return null;
  const explorer = explorerOf(network, chainId);
  return explorer ? `${explorer.tx}${hash}` : null;
}

/** A public explorer page for a receiving address, where the network has a well-known one. */
export function explorerAddressUrl(network: AddressNetwork, chainId: number | null, address: string): string | null {
  if (addressProblem(network, address)) return null;
  const explorer = explorerOf(network, chainId);
  return explorer ? `${explorer.address}${address}` : null;
}

/** Whether two token contracts are the same (null: the network's own coin). EVM payments store contracts lower-case, TRON's in base58 as offered. */
export function sameTokenContract(a: string | null, b: string | null): boolean {
  return (a?.toLowerCase() ?? null) === (b?.toLowerCase() ?? null);
}
