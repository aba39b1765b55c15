// A clock for the Esplora request budget (decision 030) that tests drive, and the measure they check
// the budget by: the most requests sent within any minute.
import { BUDGET_WINDOW_MS, type BudgetClock } from '../modules/payments/utxo/request-budget';

/** Time that moves only when told, or when a request waits: the wait is over at once, the clock moved past it. */
export class TestClock implements BudgetClock {
  constructor(public at = 0) {}
  now = (): number => this.at;
  sleep = (ms: number): Promise<void> => {
    this.at += Math.max(0, ms);
    return Promise.resolve();
  };
  advance(ms: number): void {
    this.at += ms;
  }
}

/** The most requests sent within any window of a minute. */
export function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let i = 0; i < sorted.length; i++) {
    while ((sorted[from] ?? 0) <= (sorted[i] ?? 0) - BUDGET_WINDOW_MS) from++;
    most = Math.max(most, i - from + 1);
  }
  return most;
}
