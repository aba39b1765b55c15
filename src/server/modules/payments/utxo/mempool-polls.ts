// Which awaited addresses a scan asks for unconfirmed payments, and in what order (issue 35, decision
// 030). Polling is what shows the buyer "payment seen" before a block; it never decides a credit, which
// comes from reading blocks. So it is the part of the watcher's requests that bends to the budget:
// - an address is due a poll every tenth of its order's age, at most every 5 minutes: a new order's
//   on nearly every scan (buyers pay within minutes of ordering), a day-old one's every 5 minutes;
// - the addresses due are asked in order: never polled since their newest order first (newest order
//   first), then the longest
//   overdue; the scan stops asking when the budget says so, and the rest wait for the next scan,
//   more overdue by then.
// Pure: the watcher keeps when each address was last polled.

export const POLL_INTERVAL_MAX_MS = 5 * 60_000;
/** An awaited address not polled for this long (nor ordered within it) is counted as delayed by the budget. */
export const UNPOLLED_AFTER_MS = 10 * 60_000;

export interface AwaitedAddress {
  address: string;
  /** When its newest open order was placed. */
  since: Date;
}

/** How long an address awaited since `sinceMs` may go unpolled at `now`. */
export function pollInterval(sinceMs: number, now: number): number {
  return Math.min(POLL_INTERVAL_MAX_MS, Math.max(0, Math.floor((now - sinceMs) / 10)));
}

/** The addresses due a poll at `now`, most in need first. */
export function addressesToPoll(awaited: readonly AwaitedAddress[], lastPolled: ReadonlyMap<string, number>, now: number): string[] {
  const due = awaited.flatMap((a) => {
    const last = lastPolled.get(a.address);
    const since = a.since.getTime();
    // Not polled since its newest order was placed: as good as never polled.
    const dueAt = last === undefined || last < since ? Number.NEGATIVE_INFINITY : last + pollInterval(since, now);
    return dueAt <= now ? [{ address: a.address, dueAt, since }] : [];
  });
  due.sort((x, y) => x.dueAt - y.dueAt || y.since - x.since || (x.address < y.address ? -1 : 1));
  return due.map((d) => d.address);
}

/** Awaited addresses neither polled nor ordered within `UNPOLLED_AFTER_MS`: their unconfirmed payments show late. */
export function countUnpolled(awaited: readonly AwaitedAddress[], lastPolled: ReadonlyMap<string, number>, now: number): number {
  return awaited.filter((a) => Math.max(lastPolled.get(a.address) ?? Number.NEGATIVE_INFINITY, a.since.getTime()) <= now - UNPOLLED_AFTER_MS).length;
}
