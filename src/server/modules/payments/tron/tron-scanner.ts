// Reads TRON block by block for payments to watched deposit addresses (issue 33, decision 037). Like
// the EVM scanner it keeps no state of its own: the caller stores the cursor it returns (the next
// block and the last blocks' hashes), so a restart resumes where the last stored scan ended, and a
// re-scan finds the same payments again (stored once per transaction and address).
//
// Cost per new block: one block request (with its transactions), plus one receipt request per TRC-20
// transfer call to a watched address, whatever the number of addresses watched.
import { EndpointFault } from '../endpoint-error';
import type { TronApi, TronBlock } from './tron-api';

/** TRON main net's first block: an endpoint serving another network (Nile, Shasta, a private chain) is refused. */
export const TRON_GENESIS = '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc';

export interface TronCursor {
  next: bigint;
  /** Number and hash of the last blocks read, oldest first, to notice a reorganisation. */
  recent: { number: bigint; hash: string }[];
}

export interface TronWatchList {
  /** Deposit addresses, base58. */
  addresses: ReadonlySet<string>;
  /** TRC-20 contracts offered, base58: transfers of any other contract are look-alikes and count for nothing. */
  tokens: ReadonlySet<string>;
}

export interface TronDeposit {
  /** null for TRX. */
  contract: string | null;
  from: string;
  to: string;
  units: bigint;
  txid: string;
  /** The Transfer log's index in its transaction; -1 for TRX. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date;
}

export interface TronScanResult {
  cursor: TronCursor;
  deposits: TronDeposit[];
  head: bigint;
  /** Blocks the caller saw were replaced: payments from this block on are no longer on the chain. */
  reorgFrom?: bigint;
  /** Requests made, for the benchmark. */
  calls: number;
}

export interface TronScannerOptions {
  maxBlocks: number;
  keepRecent: number;
  /** The first block the endpoint must have; null checks nothing. */
  genesis: string | null;
}

/** TRON makes a block every 3 seconds. */
export const TRON_BLOCK_SECONDS = 3;

export class TronScanner {
  private calls = 0;
  private readonly options: TronScannerOptions;

  /**
   * `witness`: a second endpoint asked for the hash of each block that pays a deposit address before
   * the payment is taken, so one provider alone (compromised, or serving a fork) cannot credit a
   * payment the other does not see.
   */
  constructor(
    private readonly api: TronApi,
    options: Partial<TronScannerOptions> = {},
    private readonly witness: TronApi | null = null,
  ) {
    this.options = { maxBlocks: 20, keepRecent: 64, genesis: TRON_GENESIS, ...options };
  }

  async scan(cursor: TronCursor, watch: TronWatchList): Promise<TronScanResult> {
    this.calls = 0;
    const head = (await this.count(this.api.nowBlock())).number;
    const done = (result: Omit<TronScanResult, 'head' | 'calls'>): TronScanResult => ({ ...result, head, calls: this.calls });
    if (cursor.next > head) return done({ cursor, deposits: [] });
    // A scan with no hashes to compare, or one that finds a held block changed, first makes sure the
    // endpoint still serves TRON's main net: another network's blocks are not a reorganisation.
    if (cursor.recent.length === 0) await this.checkNetwork();
    const reorgFrom = await this.findReorg(cursor);
    if (reorgFrom !== undefined) return done({ cursor: { next: reorgFrom, recent: cursor.recent.filter((b) => b.number < reorgFrom) }, deposits: [], reorgFrom });

    const deposits: TronDeposit[] = [];
    const read: { number: bigint; hash: string }[] = [];
    let parent = cursor.recent.at(-1);
    const last = minBig(head, cursor.next + BigInt(this.options.maxBlocks) - 1n);
    for (let n = cursor.next; n <= last; n++) {
      const block = await this.count(this.api.blockAt(n));
      // The endpoint's head went back under us (a node behind its balancer): read on next time.
      if (!block) break;
      if (block.number !== n) throw new EndpointFault(`The endpoint answered block ${block.number} when asked for block ${n}.`);
      if (parent && block.parentHash !== parent.hash) {
        // The last block the caller holds was replaced: say so. A block read in this scan was: read again next time.
        return read.length === 0 ? done({ cursor: { next: parent.number, recent: cursor.recent.slice(0, -1) }, deposits: [], reorgFrom: parent.number }) : done({ cursor, deposits: [] });
      }
      const found = await this.depositsIn(block, watch);
      if (found.length > 0 && this.witness) {
        const seen = await this.count(this.witness.blockAt(n));
        // The second endpoint has not reached this block yet: read it again next time.
        if (!seen) break;
        if (seen.hash !== block.hash) throw new EndpointFault(`The two endpoints disagree about block ${n}: nothing after block ${n - 1n} is taken until they agree.`);
      }
      deposits.push(...found);
      parent = { number: n, hash: block.hash };
      read.push(parent);
    }
    if (read.length === 0) return done({ cursor, deposits: [] });
    const next = (read.at(-1)?.number ?? cursor.next - 1n) + 1n;
    return done({ cursor: { next, recent: [...cursor.recent, ...read].slice(-this.options.keepRecent) }, deposits });
  }

  private async depositsIn(block: TronBlock, watch: TronWatchList): Promise<TronDeposit[]> {
    const found: TronDeposit[] = [];
    const at = { blockNumber: block.number, blockHash: block.hash, blockTime: block.time };
    for (const t of block.transfers) {
      if (!watch.addresses.has(t.to)) continue;
      // TRX moves with the transaction itself: a deposit address never signs, so a transfer to it in a block cannot have failed.
      if (t.contract === null) {
        found.push({ contract: null, from: t.from, to: t.to, units: t.units, txid: t.txid, logIndex: -1, ...at });
        continue;
      }
      if (!watch.tokens.has(t.contract)) continue;
      // A call can run out of energy or revert (no balance): only a successful receipt's Transfer log from the offered contract moved tokens.
      const outcome = await this.count(this.api.callResult(t.txid));
      if (outcome.result !== 'SUCCESS') continue;
      for (const log of outcome.transfers) {
        if (log.contract !== t.contract || log.to !== t.to || log.units === 0n) continue;
        found.push({ contract: log.contract, from: log.from, to: log.to, units: log.units, txid: t.txid, logIndex: log.logIndex, ...at });
      }
    }
    return found;
  }

  private async findReorg(cursor: TronCursor): Promise<bigint | undefined> {
    const last = cursor.recent.at(-1);
    if (!last) return undefined;
    if ((await this.count(this.api.blockAt(last.number)))?.hash === last.hash) return undefined;
    await this.checkNetwork();
    for (let i = cursor.recent.length - 2; i >= 0; i--) {
      const seen = cursor.recent[i];
      if (seen && (await this.count(this.api.blockAt(seen.number)))?.hash === seen.hash) return seen.number + 1n;
    }
    return cursor.recent[0]?.number ?? cursor.next;
  }

  private async checkNetwork(): Promise<void> {
    const expected = this.options.genesis;
    if (expected === null) return;
    const first = await this.count(this.api.blockAt(0n));
    if (first?.hash !== expected) throw new EndpointFault('The endpoint no longer serves TRON’s main network (its first block differs).');
  }

  private count<T>(request: Promise<T>): Promise<T> {
    this.calls++;
    return request;
  }
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
