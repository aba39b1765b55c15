// Throttles password guessing without letting it lock the owner out (OWASP: throttling must not
// become a lock-out). Only failures count, per account and per (account, address):
//  - an address that has failed `max` times for an account is refused for that account;
//  - once the account itself has `max` failures in the window (it is being guessed at), every
//    address that has failed for it is refused, so a spread-out attack gets one guess per address;
//  - an address that has not failed for the account is never refused by the account's count, so
//    the owner signing in from their own device still can.
// The per-address limit across accounts stays @fastify/rate-limit's, on the route.
import type { RateLimiter } from './rate-limit-store';
import { tooManyAttempts } from './rate-limit-store';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly max: number,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  private keys(kind: string, account: string, address: string): [string, string] {
    const name = account.trim().toLowerCase();
    return [`login:${kind}:${name}`, `login:${kind}:${name}@${address}`];
  }

  /** Throws a 429 when this address may not try this account now. Counts nothing. */
  async check(kind: string, account: string, address: string): Promise<void> {
    const [accountFailures = 0, addressFailures = 0] = await this.limiter.peek(this.keys(kind, account, address), this.windowMs);
    if (addressFailures >= this.max || (addressFailures > 0 && accountFailures >= this.max)) throw tooManyAttempts(this.windowMs);
  }

  /** Records a failed attempt on the account and on the account from this address. */
  async failed(kind: string, account: string, address: string): Promise<void> {
    await this.limiter.hitAll(this.keys(kind, account, address), this.windowMs);
  }
}
