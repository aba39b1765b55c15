// The public data a wallet needs to add a chain it lacks (EIP-3085): name, native currency, public
// RPC and explorer, from viem's chain list. Never the operator's own RPC endpoint: it may carry an
// API key. A chain not listed here is added by the buyer in the wallet.
import { defineChain, type Chain } from 'viem';
import { arbitrum, base, bsc, foundry, mainnet, optimism, polygon, sepolia } from 'viem/chains';

// foundry: the local development chain (anvil, chain 31337), for trying a sale on one's own machine.
const KNOWN: readonly Chain[] = [mainnet, optimism, bsc, polygon, base, arbitrum, sepolia, foundry];

/** The chain's public data, or null when the wallet has to be given it by hand. */
export function publicChain(chainId: number): Chain | null {
  return KNOWN.find((c) => c.id === chainId) ?? null;
}

/** A chain viem can check the wallet against before sending: the public one, or its bare id. */
export function chainOf(chainId: number, name: string): Chain {
  return (
    publicChain(chainId) ??
    defineChain({ id: chainId, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
  );
}
