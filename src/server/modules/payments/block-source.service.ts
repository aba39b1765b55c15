// Blocks of a chain watched for payments, read on the endpoint the operator configured under Payments:
// the prize draw (decision 035) commits to a future block of one of them and later reads its hash.
import { createPublicClient, http } from 'viem';
import type { Queryable } from '../../db/client';
import { EsploraClient } from './utxo/esplora-client';
import { findUtxoChain } from './utxo/utxo-chains.repository';
import { findEvmChain } from './evm/evm-chains.repository';

export interface BlockSource {
  /** Confirmations a payment waits for on this chain (at least 1): the draw waits as long. */
  confirmations: number;
  /** Seconds between blocks, on average: how far ahead a height must be to come after an instant. */
  blockSeconds: number;
  tipHeight(): Promise<number>;
  /** The hash (64 hex characters, as explorers show it) and time of the block at `height` on the best chain. */
  blockAt(height: number): Promise<{ hash: string; time: Date }>;
}

export type DrawChain = { chain: 'bitcoin' } | { chain: 'evm'; chainId: number };

/** EVM chains that wait for `finalized` blocks instead of a count: about two epochs on Ethereum. */
const FINALIZED_CONFIRMATIONS = 64;

/** The chain's block source, or null when it has no endpoint configured. */
export async function findBlockSource(db: Queryable, which: DrawChain): Promise<BlockSource | null> {
  if (which.chain === 'bitcoin') {
    const row = await findUtxoChain(db, 'bitcoin');
    if (!row) return null;
    const client = new EsploraClient({ baseUrl: row.esploraUrl });
    return {
      confirmations: Math.max(1, row.confirmations),
      blockSeconds: 600,
      tipHeight: () => client.getTipHeight(),
      async blockAt(height) {
        const hash = await client.getBlockHashAtHeight(height);
        const block = await client.getBlock(hash);
        return { hash, time: new Date(block.time * 1000) };
      },
    };
  }
  const row = await findEvmChain(db, which.chainId);
  if (!row) return null;
  const client = createPublicClient({ transport: http(row.rpcUrl, { retryCount: 1, timeout: 10_000 }) });
  return {
    confirmations: row.confirmations ?? FINALIZED_CONFIRMATIONS,
    blockSeconds: await evmBlockSeconds(client),
    tipHeight: async () => Number(await client.getBlockNumber()),
    async blockAt(height) {
      const block = await client.getBlock({ blockNumber: BigInt(height) });
      return { hash: block.hash, time: new Date(Number(block.timestamp) * 1000) };
    },
  };
}

/** The average over the last 1000 blocks (fewer on a young chain); at least a tenth of a second (an estimate too long would put the block before the closing). */
async function evmBlockSeconds(client: ReturnType<typeof createPublicClient>): Promise<number> {
  const tip = await client.getBlock();
  const span = tip.number < 1000n ? tip.number : 1000n;
  if (span === 0n) return 1;
  const earlier = await client.getBlock({ blockNumber: tip.number - span });
  return Math.max(0.1, Number(tip.timestamp - earlier.timestamp) / Number(span));
}
