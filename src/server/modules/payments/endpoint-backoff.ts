// How the watchers treat an endpoint that failed: left alone for 5 s, doubling with each failure in a
// row, up to 5 minutes, so a 429 or an outage is not hammered. A changed endpoint is tried at once.

export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export class EndpointBackoff<K> {
  private readonly failing = new Map<K, { url: string; failures: number; retryAt: number }>();

  /** When `key`'s endpoint is to be asked again, if it failed lately and is still the same URL; else null. */
  waitingUntil(key: K, url: string, now: Date): Date | null {
    const state = this.failing.get(key);
    return state?.url === url && now.getTime() < state.retryAt ? new Date(state.retryAt) : null;
  }

  succeeded(key: K): void {
    this.failing.delete(key);
  }

  /** Records a failure of `key`'s endpoint and returns when it is asked again. */
  failed(key: K, url: string, now: Date): Date {
    const before = this.failing.get(key);
    const failures = (before?.url === url ? before.failures : 0) + 1;
    const retryAt = now.getTime() + Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (failures - 1));
    this.failing.set(key, { url, failures, retryAt });
    return new Date(retryAt);
  }
}
