// A cap on the requests the Bitcoin-family watcher sends one Esplora endpoint (issue 35, decision 030):
// at most `perMinute` in any 60 seconds, counted from when each request is sent. Public endpoints
// (mempool.space, blockstream.info, litecoinspace.org) refuse a client that asks faster than they allow,
// and a refused watcher sees nothing.
//
// A window of the last minute's requests rather than a refilling bucket: a bucket of `perMinute` tokens
// refilled at `perMinute` a minute lets twice that through in one minute (a full bucket, then its
// refill), so the figure the operator sets would not be the figure the endpoint sees.
//
// Two kinds of request share it:
// - `take()`, what the watcher cannot skip (the tip, new blocks, lookups of payments it follows): waits
//   until the window has room, so confirmed payments are always found, late at worst;
// - `tryTake()`, polling an awaited address for unconfirmed payments: taken only while it leaves a
//   quarter of the window free for the first kind, refused at once otherwise (the address waits its turn).
// And scans themselves are spaced out while the window is busy (`mayScan`).

export const BUDGET_WINDOW_MS = 60_000;

/** Time as the budget sees it: real in the server, driven by the test in tests. */
export interface BudgetClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_CLOCK: BudgetClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class RequestBudget {
  /** When each request of the last window was sent, oldest first. */
  private readonly sent: number[] = [];
  private limit: number;

  constructor(
    perMinute: number,
    private readonly clock: BudgetClock = SYSTEM_CLOCK,
  ) {
    this.limit = checkedLimit(perMinute);
  }

  get perMinute(): number {
    return this.limit;
  }

  /** A new cap (the operator changed it): the requests already sent still count. */
  setPerMinute(perMinute: number): void {
    this.limit = checkedLimit(perMinute);
  }

  /** Requests the window leaves to polling: all but a quarter of it, the share kept for requests that cannot wait. */
  get pollShare(): number {
    return this.limit - Math.ceil(this.limit / 4);
  }

  /**
   * Whether a scan may start now, the last having started at `lastScan`: always while the window has
   * room for polls; once it has not, scans (each asks for the tip) are spaced so that tip requests take
   * at most a quarter of the budget: with short ticks they alone would fill it, leaving nothing to poll.
   */
  mayScan(lastScan: number | undefined): boolean {
    const now = this.clock.now();
    return lastScan === undefined || this.used() < this.pollShare || now - lastScan >= Math.ceil((4 * BUDGET_WINDOW_MS) / this.limit);
  }

  /** Requests sent within the last window. */
  used(): number {
    this.forget(this.clock.now());
    return this.sent.length;
  }

  /** Counts a request that must be sent, waiting first as long as the last minute is full. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.forget(now);
      if (this.sent.length < this.limit) {
        this.sent.push(now);
        return;
      }
      await this.clock.sleep((this.sent[0] ?? now) + BUDGET_WINDOW_MS - now);
    }
  }

  /** Counts a request that may be skipped, if the window keeps its reserve after it; false (nothing counted) otherwise. */
  tryTake(): boolean {
    const now = this.clock.now();
    this.forget(now);
    if (this.sent.length >= this.pollShare) return false;
    this.sent.push(now);
    return true;
  }

  private forget(now: number): void {
    while (this.sent.length > 0 && (this.sent[0] ?? now) <= now - BUDGET_WINDOW_MS) this.sent.shift();
  }
}

function checkedLimit(perMinute: number): number {
  if (!Number.isInteger(perMinute) || perMinute < 4) throw new RangeError(`A request budget is a whole number of at least 4 a minute: ${perMinute}`);
  return perMinute;
}
