// How the Bitcoin-family scanner reads an Esplora API: new blocks (page by page, or address by address,
// whichever costs fewer requests), the mempool of awaited addresses, and every request counted.
import type pLimit from 'p-limit';
import { signalsReplaceByFee } from '@/domain/utxo/confirmation-policy';
import { CHAIN_TXS_PER_PAGE, type BlockHeader, type EsploraApi, type EsploraTx } from './esplora-client';
import { ref, type BlockRef } from './scan-cursor';


export interface WatchList {
  /** Every address whose payments count: in blocks, and in the mempool when the scan reads it anyway. */
  readonly addresses: readonly string[];
  /**
   * Addresses also polled for unconfirmed payments (those awaiting a payment), 1 request each, in this
   * order, as far as the scan's budget allows.
   */
  readonly mempool?: readonly string[];
}

/** 'auto' reads whichever costs fewer requests; the others are for tests and benchmarks. */
export type ScannerStrategy = 'auto' | 'blocks' | 'addresses';

/** Esplora lists at most this many unconfirmed transactions per address; a full list may not be all. */
const MEMPOOL_LISTING_LIMIT = 50;

export interface Sighting {
  address: string;
  txid: string;
  units: bigint;
  rbf: boolean;
  block: BlockRef | null;
  /** The block's time, when `block` is set. */
  time: number | null;
}

/** Thrown inside a scan when answers disagree about the chain; the scan then keeps the previous cursor. */
export class ChainMoved extends Error {}

/** Payments to watched addresses in `blocks`, read whichever way costs fewer requests. */
export async function readBlocks(
  api: EsploraApi,
  limit: ReturnType<typeof pLimit>,
  watch: WatchList,
  blocks: BlockHeader[],
  fork: number,
  strategy: ScannerStrategy,
): Promise<{ sightings: Sighting[]; listed: Set<string>; read: 'blocks' | 'addresses' }> {
  const pages = blocks.reduce((sum, b) => sum + Math.ceil(b.txCount / CHAIN_TXS_PER_PAGE), 0);
  const read = strategy === 'auto' ? (pages <= watch.addresses.length ? 'blocks' : 'addresses') : strategy;
  const watched = new Set(watch.addresses);
  if (watched.size === 0) return { sightings: [], listed: new Set(), read };

  if (read === 'blocks') {
    const jobs = blocks.flatMap((block) =>
      Array.from({ length: Math.ceil(block.txCount / CHAIN_TXS_PER_PAGE) }, (_, i) =>
        limit(async () => {
          const txs = await api.getBlockTxs(block.hash, i * CHAIN_TXS_PER_PAGE);
          // A page of a block that left the best chain while we read: read again next time.
          if (txs.some((tx) => !tx.status.confirmed || tx.status.blockHash !== block.hash)) throw new ChainMoved();
          return txs.flatMap((tx) => sightingsOf(tx, watched, ref(block), block.time));
        }),
      ),
    );
    return { sightings: (await Promise.all(jobs)).flat(), listed: new Set(), read };
  }

  const byHeight = new Map(blocks.map((b) => [b.height, b.hash]));
  const top = blocks.at(-1)?.height ?? fork;
  const listed = new Set<string>();
  const jobs = [...watched].map((address) =>
    limit(async () => {
      const found: Sighting[] = [];
      let page = await api.getAddressTxs(address);
      const unconfirmed = page.filter((tx) => !tx.status.confirmed);
      if (unconfirmed.length < MEMPOOL_LISTING_LIMIT) listed.add(address);
      found.push(...unconfirmed.flatMap((tx) => sightingsOf(tx, new Set([address]), null, null)));
      page = page.filter((tx) => tx.status.confirmed);
      // Newest first: page on while the history still reaches above the fork.
      for (;;) {
        for (const tx of page) {
          if (!tx.status.confirmed || tx.status.blockHeight <= fork) continue;
          if (tx.status.blockHeight > top) {
            // Mined after the blocks this scan reads: unconfirmed as far as this scan knows.
            found.push(...sightingsOf(tx, new Set([address]), null, null));
            continue;
          }
          if (byHeight.get(tx.status.blockHeight) !== tx.status.blockHash) throw new ChainMoved();
          found.push(...sightingsOf(tx, new Set([address]), { height: tx.status.blockHeight, hash: tx.status.blockHash }, tx.status.blockTime));
        }
        const last = page.at(-1);
        if (page.length < CHAIN_TXS_PER_PAGE || !last?.status.confirmed || last.status.blockHeight <= fork) break;
        page = await api.getAddressChainTxs(address, last.txid);
      }
      return found;
    }),
  );
  return { sightings: (await Promise.all(jobs)).flat(), listed, read };
}


/**
 * Unconfirmed payments to `addresses`, one request each, asked in their order while `poll` answers
 * (null: the budget refuses; that address and the rest wait for a later scan).
 */
export async function readMempools(
  limit: ReturnType<typeof pLimit>,
  poll: (address: string) => Promise<EsploraTx[] | null>,
  addresses: readonly string[],
): Promise<{ sightings: Sighting[]; listed: Set<string>; polled: string[] }> {
  const listed = new Set<string>();
  const polled: string[] = [];
  let refused = false;
  const jobs = [...new Set(addresses)].map((address) =>
    limit(async () => {
      const answer = refused ? null : await poll(address);
      if (answer === null) {
        refused = true;
        return [];
      }
      polled.push(address);
      const txs = answer.filter((tx) => !tx.status.confirmed);
      if (txs.length < MEMPOOL_LISTING_LIMIT) listed.add(address);
      return txs.flatMap((tx) => sightingsOf(tx, new Set([address]), null, null));
    }),
  );
  return { sightings: (await Promise.all(jobs)).flat(), listed, polled };
}


/** What `tx` pays to each watched address, summed over its outputs; coinbase transactions are not payments. */
function sightingsOf(tx: EsploraTx, watched: ReadonlySet<string>, block: BlockRef | null, time: number | null): Sighting[] {
  if (tx.inputs.some((i) => i.coinbase)) return [];
  const sums = new Map<string, bigint>();
  for (const output of tx.outputs) {
    if (output.address === null || !watched.has(output.address)) continue;
    sums.set(output.address, (sums.get(output.address) ?? 0n) + output.units);
  }
  const rbf = signalsReplaceByFee(tx.inputs.map((i) => i.sequence));
  return [...sums].filter(([, units]) => units > 0n).map(([address, units]) => ({ address, txid: tx.txid, units, rbf, block, time: block ? time : null }));
}

/** What a scan's requests must keep within: see request-budget.ts. */
export interface ScanBudget {
  take(): Promise<void>;
  tryTake(): boolean;
}

/**
 * The client with every request counted, for `ScanResult.calls`, and kept within `budget` when given:
 * every request waits for room in it, except mempool polls (`poll`), which are skipped when it has none.
 */
export function counted(client: EsploraApi, budget?: ScanBudget): { api: EsploraApi; poll: (address: string) => Promise<EsploraTx[] | null>; calls: () => number } {
  let n = 0;
  const count = async <T>(request: () => Promise<T>): Promise<T> => {
    await budget?.take();
    n++;
    return request();
  };
  const api: EsploraApi = {
    getTipHash: () => count(() => client.getTipHash()),
    getTipHeight: () => count(() => client.getTipHeight()),
    getBlockHashAtHeight: (height) => count(() => client.getBlockHashAtHeight(height)),
    getBlock: (hash) => count(() => client.getBlock(hash)),
    getBlockTxs: (hash, start) => count(() => client.getBlockTxs(hash, start)),
    getAddressTxs: (address) => count(() => client.getAddressTxs(address)),
    getAddressChainTxs: (address, lastSeen) => count(() => client.getAddressChainTxs(address, lastSeen)),
    getAddressMempoolTxs: (address) => count(() => client.getAddressMempoolTxs(address)),
    getTx: (txid) => count(() => client.getTx(txid)),
    getTxStatus: (txid) => count(() => client.getTxStatus(txid)),
  };
  const poll = async (address: string): Promise<EsploraTx[] | null> => {
    if (budget && !budget.tryTake()) return null;
    n++;
    return client.getAddressMempoolTxs(address);
  };
  return { api, poll, calls: () => n };
}
