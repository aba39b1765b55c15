// Wrong second-factor codes come from someone who already has the password, from any number of
// addresses: they are counted per account, whatever the address. After `max` wrong codes in the
// window, code entry is locked for the account until the window ends; recovery codes and the
// password reset by e-mail still work (the owner's way back in).
import { AppError } from '../errors';
import type { RateLimiter } from './rate-limit-store';
import { SIGN_IN_WINDOW_MS } from './sign-in-throttle';

export function codeEntryLocked(resetInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const message = `Too many wrong codes: code entry is locked for this account for ${minutes} minute${minutes === 1 ? '' : 's'}. Use a recovery code, or reset your password by e-mail.`;
  return new AppError('rate_limited', message, { code: message }, { 'retry-after': String(seconds) });
}

export class SecondFactorThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly max: number,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /**
   * Takes one of the account's attempts before a code is judged (so codes sent together cannot all
   * be judged before any is counted), or throws a 429 when they are spent. The function returned
   * gives the attempt back: call it when the code was right.
   */
  async take(kind: string, id: number): Promise<() => Promise<void>> {
    const key = `totp-wrong:${kind}:${String(id)}`;
    const { hits, resetInMs } = await this.limiter.hit(key, this.windowMs);
    if (hits > this.max) throw codeEntryLocked(resetInMs);
    return () => this.limiter.giveBack(key, this.windowMs);
  }
}
