// The payment watchers' tick, written once for every chain family: each chain with an endpoint is
// scanned in turn by its family's scan; a failing endpoint is recorded on its chain's row, left alone
// a while (endpoint-backoff), and does not stop the others. A family (evm/, utxo/) brings how its
// chains are listed, scanned and told of an error.
import { EndpointBackoff } from './endpoint-backoff';
import { endpointErrorText } from './endpoint-error';

/** What every chain's tick reports, beside the chain's own name (`chainId`, or `chain`). */
export interface ChainTick {
  approved: number;
  error?: string;
  /** Orders this tick could not judge (not the endpoint's fault): judged again on the next. */
  settleErrors?: string[];
  /** Set when the chain was left alone this tick: its endpoint failed lately, and is asked again then. */
  retryAt?: Date;
}

export interface ChainFamily<Row, Key, Report extends ChainTick> {
  /** The chains with an endpoint, read afresh on every tick. */
  findChains(): Promise<Row[]>;
  /** The chain's key (its failures back off by it) and its endpoint's URL (a changed one is tried at once). */
  endpointOf(row: Row): { key: Key; url: string };
  /** Reads what changed on the chain and settles its payments. */
  scan(row: Row, now: Date): Promise<Report>;
  /** The report of a chain whose tick did not scan: left alone, or failed. */
  notScanned(row: Row, tick: ChainTick): Report;
  recordError(key: Key, message: string, now: Date): Promise<void>;
}

/**
 * The most blocks one scan reads when the watcher ticks every `watchSeconds` on a chain making a
 * block every `blockSeconds` (its fastest chain, for a family): twice what the chain makes meanwhile,
 * never fewer than `least`, so each tick reads all that is new and a watcher left behind (an endpoint
 * down a while) catches up again. Fewer than the chain makes would leave it behind for good.
 */
export function blocksPerTick(watchSeconds: number, blockSeconds: number, least: number): number {
  return Math.max(least, Math.ceil((2 * watchSeconds) / blockSeconds));
}

export class ChainWatcher<Row, Key, Report extends ChainTick> {
  private readonly backoff = new EndpointBackoff<Key>();

  constructor(private readonly family: ChainFamily<Row, Key, Report>) {}

  /** One pass over every chain of the family. */
  async tick(now = new Date()): Promise<Report[]> {
    const reports: Report[] = [];
    for (const row of await this.family.findChains()) {
      const { key, url } = this.family.endpointOf(row);
      const waiting = this.backoff.waitingUntil(key, url, now);
      if (waiting) {
        reports.push(this.family.notScanned(row, { approved: 0, retryAt: waiting }));
        continue;
      }
      try {
        reports.push(await this.family.scan(row, now));
        this.backoff.succeeded(key);
      } catch (error) {
        const message = endpointErrorText(error);
        const retryAt = this.backoff.failed(key, url, now);
        await this.family.recordError(key, message, now);
        reports.push(this.family.notScanned(row, { approved: 0, error: message, retryAt }));
      }
    }
    return reports;
  }
}
