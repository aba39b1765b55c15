// Reads an EVM chain for deposits to watched addresses, block range by block range. It keeps no
// state of its own: the caller stores the cursor and the recent block hashes it returns, so a restart
// resumes where the last committed scan ended and a re-scan finds the same deposits again (the caller
// stores them under chain + tx hash + log index, which makes a repeat harmless).
//
// Cost per tick: one block request per scanned block (with its transactions, for ether sent straight
// to a deposit address) and one `eth_getLogs` per range for the token contracts (filtered by recipient
// while the watched addresses fit in one filter, else every Transfer of the range, filtered here). It
// grows with blocks, never with addresses or orders.
import { getAddress, parseAbiItem, type Address, type Hash, type PublicClient } from 'viem';
import { EndpointFault } from '../endpoint-error';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface ScanCursor {
  /** The next block to read. */
  next: bigint;
  /** Number and hash of the last blocks read, oldest first, to notice a reorganisation. */
  recent: { number: bigint; hash: Hash }[];
}

export interface WatchList {
  /** Deposit addresses (any case). */
  addresses: readonly Address[];
  /** ERC-20 contracts whose Transfer events count as payments. */
  tokens: readonly Address[];
}

export interface Deposit {
  /** null for ether, else the token contract. Addresses are checksummed (EIP-55). */
  token: Address | null;
  from: Address;
  to: Address;
  /** Base units: wei, or the token's smallest unit. */
  value: bigint;
  txHash: Hash;
  /** The log's index in its block; -1 for an ether transfer, which has no log. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  /** The block's timestamp: when the chain says the payment was made. */
  blockTime: Date;
}

export interface ScanResult {
  cursor: ScanCursor;
  deposits: Deposit[];
  /** The chain's head when the scan began. */
  head: bigint;
  /** Set when blocks the caller saw were replaced: deposits from this block on are no longer on the chain. */
  reorgFrom?: bigint;
}

export interface ScannerOptions {
  /** Blocks read per tick at most; the range shrinks by itself when the endpoint refuses a large one. */
  maxBlocks: number;
  /** The most recipients put in one `eth_getLogs` topic filter; with more, logs are filtered here. */
  addressBatch: number;
  /** Block hashes kept to find where a reorganisation began. */
  keepRecent: number;
  /**
   * The chain the endpoint must serve. It is asked for its chain id when a scan starts without
   * block hashes and whenever a block read before has changed, before that is taken as a
   * reorganisation: an endpoint that has come to serve another chain (a load balancer pointed at
   * another node) is a fault, and neither reverts the payments followed nor records the other
   * chain's transfers to the same addresses.
   */
  chainId?: number;
}

/** The endpoint answers for another chain than the one it was saved for: the scan fails, as any endpoint fault does. */
export class WrongChain extends EndpointFault {
  constructor(expected: number, found: number) {
    super(`The endpoint now serves chain ${found}, not chain ${expected}.`);
  }
}

export const DEFAULT_SCANNER_OPTIONS: ScannerOptions = { maxBlocks: 100, addressBatch: 1000, keepRecent: 64 };

/** True for an endpoint's "too many results / range too large" refusals, which a smaller range fixes. */
export function isRangeRefusal(error: unknown): boolean {
  const details = error instanceof Error ? (error as { details?: unknown }).details : undefined;
  const text = error instanceof Error ? `${error.message} ${typeof details === 'string' ? details : ''}` : String(error);
  // A rate limit is not a range refusal, though it may say "limit exceeded" or use -32005 too: asking
  // again at once with fewer blocks would hammer the endpoint and leave the span shrunk for nothing.
  if ((error as { status?: unknown } | null)?.status === 429 || /status: 429|rate limit|too many requests|request rate/i.test(text)) return false;
  return /range|too many|too large|limit exceeded|more than \d+|response size|-32005|413/i.test(text);
}

/** What the scanner asks of the chain's endpoint. */
export type ScannerClient = Pick<PublicClient, 'getBlockNumber' | 'getBlock' | 'getLogs' | 'getChainId'>;

export class EvmScanner {
  private readonly options: ScannerOptions;
  /** Shrinks after a range refusal and grows back slowly after successes. */
  private span: number;

  constructor(
    private readonly client: ScannerClient,
    options: Partial<ScannerOptions> = {},
  ) {
    this.options = { ...DEFAULT_SCANNER_OPTIONS, ...options };
    this.span = this.options.maxBlocks;
  }

  /** Reads from `cursor.next` up to the head (at most the current span) and returns what it found. */
  async scan(cursor: ScanCursor, watch: WatchList): Promise<ScanResult> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    if (cursor.next > head) return { cursor, deposits: [], head };

    if (cursor.recent.length === 0) await this.checkChain();
    const reorgFrom = await this.findReorg(cursor);
    if (reorgFrom !== undefined) {
      return { cursor: { next: reorgFrom, recent: cursor.recent.filter((b) => b.number < reorgFrom) }, deposits: [], head, reorgFrom };
    }

    for (;;) {
      const to = minBig(head, cursor.next + BigInt(this.span) - 1n);
      try {
        const result = await this.scanRange(cursor, watch, cursor.next, to);
        this.span = Math.min(this.options.maxBlocks, this.span * 2);
        return { ...result, head };
      } catch (error) {
        if (!isRangeRefusal(error) || this.span === 1) throw error;
        this.span = Math.max(1, Math.floor(this.span / 2));
      }
    }
  }

  /** The first block that no longer matches what was read, if the chain changed under the cursor. */
  private async findReorg(cursor: ScanCursor): Promise<bigint | undefined> {
    const last = cursor.recent.at(-1);
    if (!last) return undefined;
    const now = await this.client.getBlock({ blockNumber: last.number });
    if (now.hash === last.hash) return undefined;
    await this.checkChain();
    // Walk back to the newest block both agree on; everything after it is replaced.
    for (let i = cursor.recent.length - 2; i >= 0; i--) {
      const seen = cursor.recent[i];
      if (!seen) continue;
      const block = await this.client.getBlock({ blockNumber: seen.number });
      if (block.hash === seen.hash) return seen.number + 1n;
    }
    // Deeper than the hashes kept: start again from the oldest block remembered.
    return cursor.recent[0]?.number ?? cursor.next;
  }

  private async checkChain(): Promise<void> {
    const expected = this.options.chainId;
    if (expected === undefined) return;
    const found = await this.client.getChainId();
    if (found !== expected) throw new WrongChain(expected, found);
  }

  private async scanRange(cursor: ScanCursor, watch: WatchList, from: bigint, to: bigint): Promise<Omit<ScanResult, 'head'>> {
    const watched = new Set(watch.addresses.map((a) => a.toLowerCase()));
    const deposits: Deposit[] = [];
    const blocks: { number: bigint; hash: Hash }[] = [];
    const times = new Map<bigint, Date>();
    let parent = cursor.recent.at(-1);

    for (let n = from; n <= to; n++) {
      const block = await this.client.getBlock({ blockNumber: n, includeTransactions: true });
      if (parent && block.parentHash !== parent.hash) {
        // The block the caller already holds was replaced: tell it. One read in this range was
        // replaced while we read: drop the range and read it again next time.
        const held = blocks.length === 0;
        return held
          ? { cursor: { next: parent.number, recent: cursor.recent.slice(0, -1) }, deposits: [], reorgFrom: parent.number }
          : { cursor, deposits: [] };
      }
      for (const tx of block.transactions) {
        // Deposit addresses are plain accounts that never sign, so ether sent to one cannot be
        // refused: a mined transfer to it has moved the value, and needs no receipt to prove it.
        if (!tx.to || tx.value === 0n || !watched.has(tx.to.toLowerCase())) continue;
        deposits.push({ token: null, from: getAddress(tx.from), to: getAddress(tx.to), value: tx.value, txHash: tx.hash, logIndex: -1, blockNumber: n, blockHash: block.hash, blockTime: timeOf(block) });
      }
      times.set(n, timeOf(block));
      const seen = { number: n, hash: block.hash };
      blocks.push(seen);
      parent = seen;
    }

    const hashes = new Map(blocks.map((b) => [b.number, b.hash]));
    if (watch.tokens.length > 0 && watch.addresses.length > 0) {
      // Up to one batch of addresses, the endpoint filters by recipient. Beyond that, one request for
      // every Transfer of the token contracts in the range costs less than one per batch (the range
      // shrinks by itself if the answer is too large), and the recipients are filtered here.
      const filters = watch.addresses.length <= this.options.addressBatch ? [[...watch.addresses]] : [null];
      for (const recipients of filters) {
        const logs = await this.client.getLogs({ address: [...watch.tokens], event: TRANSFER, args: recipients ? { to: recipients } : {}, fromBlock: from, toBlock: to });
        for (const log of logs) {
          const { from: sender, to: recipient, value } = log.args;
          if (!sender || !recipient || value === undefined || value === 0n || !watched.has(recipient.toLowerCase())) continue;
          // Logs from a block other than the one read: the chain moved between the two requests.
          // Read the range again next time; the check before it will see whether held blocks changed.
          const blockTime = times.get(log.blockNumber);
          if (log.blockHash !== hashes.get(log.blockNumber) || !blockTime) return { cursor, deposits: [] };
          deposits.push({ token: log.address, from: sender, to: recipient, value, txHash: log.transactionHash, logIndex: log.logIndex, blockNumber: log.blockNumber, blockHash: log.blockHash, blockTime });
        }
      }
    }

    const recent = [...cursor.recent, ...blocks].slice(-this.options.keepRecent);
    deposits.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
    return { cursor: { next: to + 1n, recent }, deposits };
  }
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** A block's timestamp (seconds since the epoch) as an instant. */
const timeOf = (block: { timestamp: bigint }) => new Date(Number(block.timestamp) * 1000);
