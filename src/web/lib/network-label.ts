// Names a payment network plainly, so a buyer sends on the right chain.
import type { Network } from '@/contracts/cryptos';

const EVM_CHAINS: Record<number, string> = {
  1: 'Ethereum',
  10: 'Optimism',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum One',
  11155111: 'Sepolia testnet',
};

/** "Ethereum (chain 1)", "Bitcoin", "TRON (TRC-20)"… A token on TRON names its standard: exchanges list USDT on several networks, TRC-20 being TRON's. */
export function networkLabel(network: Network, chainId: number | null, cryptoName: string, tokenContract: string | null = null): string {
  switch (network) {
    case 'bitcoin':
      return 'Bitcoin';
    case 'litecoin':
      return 'Litecoin';
    case 'dogecoin':
      return 'Dogecoin';
    case 'evm':
      if (chainId === null) return 'EVM network';
      return `${EVM_CHAINS[chainId] ?? 'EVM'} (chain ${chainId})`;
    case 'tron':
      return tokenContract ? 'TRON (TRC-20)' : 'TRON';
    case 'solana':
      return 'Solana';
    case 'other':
      return `${cryptoName} network`;
  }
}
