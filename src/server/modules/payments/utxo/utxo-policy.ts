// The confirmation policy an operator set for Bitcoin, read from its settings row.
import type { ConfirmationPolicy } from '@/domain/utxo/confirmation-policy';
import type { UtxoChainRow } from './utxo-chains.repository';

export function utxoPolicyOf(chain: Pick<UtxoChainRow, 'confirmations' | 'largeAboveUnits' | 'largeConfirmations'>): ConfirmationPolicy {
  if (chain.largeAboveUnits === null) return { confirmations: chain.confirmations };
  return { confirmations: chain.confirmations, large: { aboveUnits: BigInt(chain.largeAboveUnits), confirmations: chain.largeConfirmations } };
}
