// Asks an Esplora endpoint what it serves before it is saved: its tip, and its first block, which
// names the chain.
import { CHAINS, GENESIS_HASHES, UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';
import { invalid } from '../../../errors';
import { EsploraClient } from './esplora-client';

/** What an Esplora endpoint says of itself: the height of its newest block and the hash of its first. */
export type EsploraProbe = (url: string) => Promise<{ head: number; genesis: string }>;

export const probeEsplora: EsploraProbe = async (url) => {
  const client = new EsploraClient({ baseUrl: url });
  const [head, genesis] = await Promise.all([client.getTipHeight(), client.getBlockHashAtHeight(0)]);
  return { head, genesis };
};

/** Refuses an Esplora endpoint whose first block is not `chain`'s on its main network, at `field`. */
export function refuseOtherChain(genesis: string | null, chain: UtxoChain, field: string): void {
  if (genesis === null || genesis === GENESIS_HASHES[chain]) return;
  const name = CHAINS[chain].name;
  const other = UTXO_CHAINS.find((c) => GENESIS_HASHES[c] === genesis);
  const message = other
    ? `This endpoint serves ${CHAINS[other].name}, not ${name}.`
    : `This endpoint does not serve ${name}'s main network (its first block is ${genesis.slice(0, 12)}…, not ${GENESIS_HASHES[chain].slice(0, 12)}…).`;
  throw invalid(message, { [field]: message });
}
