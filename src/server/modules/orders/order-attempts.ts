// An order attempt's throttles and checks (issue 35). Every attempt counts on its throttles (per
// account and per address, in the database so every instance sees them) and reads what ordering asks
// of its buyer (decision 041). Attempts that arrive together share one statement for both: on a
// launch spike that is one statement per batch where there were two, and a shorter pipeline in
// front of the insert, whose batches grow accordingly.
import type { Db } from '../../db/client';
import { StatementBatch, type Waiting } from '../../db/statement-batch';
import { addedHits, byWindow, hitsOfBatch, pastLimits, type RateLimitHit } from '../../plugins/rate-limit-store';
import type { CheckInputs } from '../eligibility/eligibility.service';
import { countAttemptsAndReadChecks } from './order-attempts.repository';

/** The throttles an attempt counts on, within one window. */
export interface Throttles {
  limits: { key: string; max: number }[];
  windowMs: number;
}

interface Attempt extends Throttles {
  userId: number;
}

type Counted = { hits: RateLimitHit[]; inputs: CheckInputs | undefined };
type WaitingAttempt = Waiting<Attempt, Counted>;

export class OrderAttempts {
  private readonly batch = new StatementBatch<Attempt, Counted>(async (waiting) => {
    for (const [windowMs, same] of byWindow(waiting)) await this.count(windowMs, same);
  });

  constructor(private readonly db: Db) {}

  /**
   * Counts the attempt on each of its throttles and throws their 429 if any is past its limit; else
   * what ordering asks of the buyer, as read in the same statement (undefined: no such buyer).
   */
  async take(userId: number, throttles: Throttles): Promise<CheckInputs | undefined> {
    const { hits, inputs } = await this.batch.call({ userId, ...throttles });
    const refusal = pastLimits(throttles.limits, hits);
    if (refusal) throw refusal;
    return inputs;
  }

  private async count(windowMs: number, waiting: WaitingAttempt[]): Promise<void> {
    const keysOf = (w: WaitingAttempt) => w.input.limits.map((l) => l.key);
    const added = addedHits(waiting.map(keysOf));
    const now = new Date();
    const { hits, inputs } = await countAttemptsAndReadChecks(this.db, added, now, new Date(now.getTime() - windowMs), [...new Set(waiting.map((w) => w.input.userId))]);
    const counted = hitsOfBatch(hits, added, now, windowMs);
    for (const w of waiting) {
      try {
        w.resolve({ hits: counted(keysOf(w)), inputs: inputs.get(w.input.userId) });
      } catch (error) {
        w.reject(error);
      }
    }
  }
}
