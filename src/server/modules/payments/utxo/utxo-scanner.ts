// Finds payments to watched addresses on a Bitcoin-family chain through an Esplora API, and follows
// each one until it is final or gone. Like the EVM scanner it keeps no state of its own: the caller
// stores the cursor it returns (JSON, see `scanCursorSchema`) and passes it back, so a restart, or a
// second instance, resumes from the last stored scan and finds the same payments again.
//
// Cost per scan, in HTTP requests (`ScanResult.calls`):
// - no new block: 1 (the tip's hash), plus 1 per address of `watch.mempool` polled (addresses awaiting
//   a payment, asked for unconfirmed ones in order while the budget allows: decision 030), plus 1 per
//   followed unconfirmed payment missing from them;
// - per new block: 1 header, then whichever is cheaper of reading the block's transactions
//   (⌈transactions / 25⌉ pages: the cost grows with the block, never with the addresses) and asking
//   each watched address for its history (1 per address: cheaper while few are watched);
// - per followed payment whose block was replaced or which left the mempool listing: 1 lookup.
// A payment is "gone" once the endpoint has not known it on two lookups in a row, so an indexer that
// briefly lags behind its node (as after a reorganisation) does not revert a payment that is still there.
import pLimit from 'p-limit';
import { judgeConfirmations, type ConfirmationPolicy, type Creditability } from '@/domain/utxo/confirmation-policy';
import { EndpointFault } from '../endpoint-error';
import type { BlockHeader, EsploraApi, EsploraTx } from './esplora-client';
import { byPosition, key, ref, scanCursorSchema, type BlockRef, type ScanCursor, type Tracked } from './scan-cursor';
import { ChainMoved, counted, readBlocks, readMempools, type ScanBudget, type ScannerStrategy, type Sighting, type WatchList } from './scan-reads';


export interface Payment {
  address: string;
  txid: string;
  /** Everything the transaction pays to this address, in the chain's smallest unit. */
  units: bigint;
  /** 0 in the mempool; tip height − block height + 1 once mined. */
  confirmations: number;
  /** BIP-125 signalling: replaceable while unconfirmed. */
  rbf: boolean;
  block: BlockRef | null;
  /** The time of `block` (seconds since the epoch, as the block header says); null while unconfirmed. */
  blockTime: number | null;
  /** Seen before, now neither in the mempool nor in the chain (replaced, dropped, reorganised away). Reported once. */
  gone: boolean;
  verdict: Creditability;
}

export interface ScanResult {
  cursor: ScanCursor;
  /** Every payment followed, and those that went in this scan; by address, then block, then txid. */
  payments: Payment[];
  byAddress: ReadonlyMap<string, Payment[]>;
  tip: BlockRef;
  /** Set when blocks the previous cursor held were replaced: the lowest replaced height. */
  reorgFrom?: number;
  /** More blocks wait beyond this scan's `maxBlocks`: scan again. */
  behind: boolean;
  /** The chain moved while it was read: nothing was taken from this scan, and the next one reads again. */
  moved: boolean;
  /** How the new blocks were read, if there were any. */
  read: 'blocks' | 'addresses' | null;
  /** HTTP requests this scan made. */
  calls: number;
  /** Addresses of `watch.mempool` polled by this scan: the first ones, as far as the budget allowed. */
  polled: string[];
}

export interface ScannerOptions {
  /** New blocks read per scan at most; a scan that stops short says `behind`. */
  maxBlocks: number;
  /** Block hashes and payments kept: deeper than this, a payment is final and no longer followed. */
  keepRecent: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** 'auto' reads whichever costs fewer requests; the others are for tests and benchmarks. */
  strategy: ScannerStrategy;
  /** Lookups in a row that must find a transaction nowhere before it is reported gone. */
  missesBeforeGone: number;
  /**
   * The chain's first block. When the tip no longer joins the blocks kept, the endpoint is asked for
   * its first block before anything is taken as reorganised away: an endpoint that has come to serve
   * another chain (a load balancer pointed at another node) is a fault, not a reorganisation.
   */
  genesisHash?: string;
  /**
   * The endpoint's request budget (decision 030): every request waits for room in it, except mempool
   * polls, which stop when it has none. None: unlimited.
   */
  budget?: ScanBudget;
}

export const DEFAULT_SCANNER_OPTIONS: ScannerOptions = { maxBlocks: 10, keepRecent: 100, concurrency: 4, strategy: 'auto', missesBeforeGone: 2 };


/** The endpoint's first block is not the chain's: the scan fails, as any endpoint fault does, and keeps nothing. */
export class WrongChain extends EndpointFault {
  constructor(expected: string, found: string) {
    super(`The endpoint now serves another chain: its first block is ${found.slice(0, 12)}…, not ${expected.slice(0, 12)}….`);
  }
}

export class UtxoScanner {
  private readonly options: ScannerOptions;

  constructor(
    private readonly client: EsploraApi,
    private readonly policy: ConfirmationPolicy,
    options: Partial<ScannerOptions> = {},
  ) {
    this.options = { ...DEFAULT_SCANNER_OPTIONS, ...options };
    const deepest = Math.max(policy.confirmations, policy.large?.confirmations ?? 0);
    if (this.options.keepRecent <= deepest) throw new RangeError(`keepRecent (${this.options.keepRecent}) must exceed the confirmations the policy asks (${deepest}).`);
    if (this.options.maxBlocks < 1 || this.options.missesBeforeGone < 1) throw new RangeError('maxBlocks and missesBeforeGone are at least 1.');
  }

  /** Reads what changed since `previous` (or starts at the current tip) and reports every followed payment. */
  async scan(watch: WatchList, previous?: ScanCursor | null): Promise<ScanResult> {
    const { api, poll, calls } = counted(this.client, this.options.budget);
    const limit = pLimit(this.options.concurrency);
    const tipHash = await api.getTipHash();

    if (!previous) {
      // Nothing paid before the first scan counts (decision 023): start at the tip.
      const tip = ref(await api.getBlock(tipHash));
      const start: ScanCursor = { tip, recent: [tip], tracked: [] };
      const mempool = await readMempools(limit, poll, watch.mempool ?? []);
      const result = await this.settle(api, limit, start, { blocks: [], fork: tip.height, behind: false, read: null, sightings: mempool.sightings, listed: mempool.listed }, calls);
      return { ...result, polled: mempool.polled };
    }

    const cursor = scanCursorSchema.parse(previous);
    try {
      const walk = tipHash === cursor.tip.hash ? { blocks: [], fork: cursor.tip.height, behind: false } : await this.walk(api, cursor, tipHash);
      const found = walk.blocks.length > 0 ? await readBlocks(api, limit, watch, walk.blocks, walk.fork, this.options.strategy) : { sightings: [], listed: new Set<string>(), read: null };
      const pending = (watch.mempool ?? []).filter((a) => !found.listed.has(a));
      const mempool = await readMempools(limit, poll, pending);
      const result = await this.settle(
        api,
        limit,
        cursor,
        { ...walk, read: found.read, sightings: [...found.sightings, ...mempool.sightings], listed: new Set([...found.listed, ...mempool.listed]) },
        calls,
      );
      // Addresses read in full with the new blocks count as polled: their listing held the mempool too.
      return { ...result, polled: [...mempool.polled, ...(watch.mempool ?? []).filter((a) => found.listed.has(a))] };
    } catch (error) {
      if (!(error instanceof ChainMoved)) throw error;
      return { ...this.report(cursor, cursor.tracked, []), behind: false, moved: true, read: null, calls: calls(), polled: [] };
    }
  }

  /**
   * The new blocks from the fork point up to the tip (or `maxBlocks` past the cursor), oldest first.
   * Walking back from the top by parent hash proves they form one chain with the blocks we hold.
   */
  private async walk(api: EsploraApi, cursor: ScanCursor, tipHash: string): Promise<{ blocks: BlockHeader[]; fork: number; behind: boolean }> {
    let top = await api.getBlock(tipHash);
    let behind = false;
    if (top.height > cursor.tip.height + this.options.maxBlocks) {
      top = await api.getBlock(await api.getBlockHashAtHeight(cursor.tip.height + this.options.maxBlocks));
      behind = true;
    }
    const held = new Map(cursor.recent.map((b) => [b.height, b.hash]));
    const oldest = cursor.recent[0]?.height ?? cursor.tip.height;
    // The endpoint (or a node behind its load balancer) is behind us: a block we already hold.
    if (held.get(top.height) === top.hash) return { blocks: [], fork: cursor.tip.height, behind: false };

    const blocks: BlockHeader[] = [top];
    for (let current = top; ; ) {
      if (held.get(current.height - 1) === current.previousHash) return { blocks, fork: current.height - 1, behind };
      // Replaced deeper than the blocks we remember: take everything from here as new, once the
      // endpoint's first block shows it is still this chain.
      if (current.height <= oldest || current.previousHash === null) {
        await this.checkGenesis(api);
        return { blocks, fork: current.height - 1, behind };
      }
      const parent = await api.getBlock(current.previousHash);
      if (parent.height !== current.height - 1) throw new ChainMoved();
      blocks.unshift(parent);
      current = parent;
    }
  }

  private async checkGenesis(api: EsploraApi): Promise<void> {
    const expected = this.options.genesisHash;
    if (expected === undefined) return;
    const found = await api.getBlockHashAtHeight(0);
    if (found !== expected) throw new WrongChain(expected, found);
  }

  /** Folds what this scan saw into the followed payments, looks up those it lost sight of, and reports. */
  private async settle(
    api: EsploraApi,
    limit: ReturnType<typeof pLimit>,
    cursor: ScanCursor,
    scan: { blocks: BlockHeader[]; fork: number; behind: boolean; read: 'blocks' | 'addresses' | null; sightings: Sighting[]; listed: Set<string> },
    calls: () => number,
  ): Promise<Omit<ScanResult, 'polled'>> {
    const recent = [...cursor.recent.filter((b) => b.height <= scan.fork), ...scan.blocks.map(ref)].slice(-this.options.keepRecent);
    const tip = recent.at(-1) ?? cursor.tip;
    const onChain = new Map(recent.map((b) => [b.height, b.hash]));
    const seen = new Map<string, Sighting>();
    for (const s of scan.sightings) {
      const earlier = seen.get(key(s));
      // The same transaction may be listed both unconfirmed and mined (it confirmed between two reads).
      if (!earlier || (earlier.block === null && s.block !== null)) seen.set(key(s), s);
    }
    const chainChanged = scan.blocks.length > 0;

    const kept: Tracked[] = [];
    const lost: Tracked[] = [];
    for (const t of cursor.tracked) {
      const sighting = seen.get(key(t));
      seen.delete(key(t));
      if (sighting) kept.push({ ...t, block: sighting.block, blockTime: sighting.time, misses: 0 });
      else if (t.block && t.block.height <= scan.fork) kept.push(t);
      else if (t.block || chainChanged || scan.listed.has(t.address)) lost.push(t);
      else kept.push(t);
    }

    // One lookup per transaction, however many watched addresses it paid.
    const lookups = new Map<string, Promise<EsploraTx | null>>();
    for (const t of lost) if (!lookups.has(t.txid)) lookups.set(t.txid, limit(() => api.getTx(t.txid)));
    // Below the blocks kept (after a reorganisation deeper than them) the endpoint is asked, once per height.
    const oldest = recent[0]?.height ?? tip.height;
    const deepHashes = new Map<number, Promise<string>>();
    const isOnChain = async (height: number, hash: string): Promise<boolean> => {
      if (height >= oldest) return onChain.get(height) === hash;
      if (!deepHashes.has(height)) deepHashes.set(height, api.getBlockHashAtHeight(height));
      return (await deepHashes.get(height)) === hash;
    };
    const gone: Tracked[] = [];
    for (const t of lost) {
      const tx = await lookups.get(t.txid);
      if (!tx) {
        const misses = t.misses + 1;
        if (misses >= this.options.missesBeforeGone) gone.push({ ...t, block: null, blockTime: null, misses });
        else kept.push({ ...t, block: null, blockTime: null, misses });
      } else if (tx.status.confirmed && tx.status.blockHeight <= tip.height && (await isOnChain(tx.status.blockHeight, tx.status.blockHash))) {
        kept.push({ ...t, block: { height: tx.status.blockHeight, hash: tx.status.blockHash }, blockTime: tx.status.blockTime, misses: 0 });
      } else {
        // In the mempool, or mined beyond what this scan read: unconfirmed until a scan reads its block.
        kept.push({ ...t, block: null, blockTime: null, misses: 0 });
      }
    }
    for (const s of seen.values()) kept.push({ address: s.address, txid: s.txid, units: s.units.toString(), rbf: s.rbf, block: s.block, blockTime: s.time, misses: 0 });

    // Deeper than the blocks kept, a payment is final: reported one last time, then no longer followed.
    const following = kept.filter((t) => !t.block || tip.height - t.block.height + 1 <= this.options.keepRecent);
    const next: ScanCursor = { tip, recent, tracked: following.sort(byPosition) };
    const replaced = cursor.recent.find((b) => b.height > scan.fork);
    return {
      ...this.report(next, kept, gone),
      ...(replaced ? { reorgFrom: replaced.height } : {}),
      behind: scan.behind,
      moved: false,
      read: scan.read,
      calls: calls(),
    };
  }

  private report(cursor: ScanCursor, tracked: readonly Tracked[], gone: readonly Tracked[]): Omit<ScanResult, 'behind' | 'moved' | 'read' | 'calls' | 'reorgFrom' | 'polled'> {
    const payment = (t: Tracked, isGone: boolean): Payment => {
      const units = BigInt(t.units);
      const confirmations = t.block && !isGone ? cursor.tip.height - t.block.height + 1 : 0;
      return {
        address: t.address,
        txid: t.txid,
        units,
        confirmations,
        rbf: t.rbf,
        block: isGone ? null : t.block,
        blockTime: t.block && !isGone ? (t.blockTime ?? null) : null,
        gone: isGone,
        verdict: judgeConfirmations({ units, confirmations, rbf: t.rbf, gone: isGone }, this.policy),
      };
    };
    const payments = [...tracked.map((t) => payment(t, false)), ...gone.map((t) => payment(t, true))].sort(byPosition);
    const byAddress = new Map<string, Payment[]>();
    for (const p of payments) byAddress.set(p.address, [...(byAddress.get(p.address) ?? []), p]);
    return { cursor, payments, byAddress, tip: cursor.tip };
  }
}
