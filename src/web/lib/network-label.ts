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

/** "Ethereum (chain 1)", "Bitcoin", "Tron"… */
export function networkLabel(network: Network, chainId: number | null, cryptoName: string): string {
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
      return 'Tron';
    case 'solana':
      return 'Solana';
    case 'other':
      return `${cryptoName} network`;
  }
}
