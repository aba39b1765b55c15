// The request budget with a clock the test drives: at most the cap in any minute, requests that must be
// sent wait for room, and polls give way while a quarter of the window is kept for those.
import { describe, expect, it } from 'vitest';
import { addressesToPoll, countUnpolled, pollInterval } from './mempool-polls';
import { busiestMinute, TestClock } from '../../../test/budget-clock';
import { BUDGET_WINDOW_MS, RequestBudget } from './request-budget';

describe('the request budget', () => {
  it('lets the cap through at once, then makes the next request wait until the first leaves the minute', async () => {
    const clock = new TestClock(1_000);
    const budget = new RequestBudget(10, clock);
    const sent: number[] = [];
    for (let i = 0; i < 10; i++) {
      await budget.take();
      sent.push(clock.now());
    }
    expect(sent.every((t) => t === 1_000)).toBe(true);
    await budget.take();
    expect(clock.now()).toBe(61_000);
    expect(budget.used()).toBe(1);
  });

  it('never sends more than the cap in any minute, whatever the pace asked', async () => {
    const clock = new TestClock();
    const budget = new RequestBudget(60, clock);
    const sent: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      clock.advance(i % 7 === 0 ? 3_000 : 100);
      await budget.take();
      sent.push(clock.now());
    }
    expect(busiestMinute(sent)).toBe(60);
    // Sustained, the pace is the cap: 1,000 requests take at least 16 minutes.
    expect((sent.at(-1) ?? 0) - (sent[0] ?? 0)).toBeGreaterThanOrEqual(16 * BUDGET_WINDOW_MS);
  });

  it('refuses a poll once only the reserve is left, and takes polls again as the minute moves on', async () => {
    const clock = new TestClock();
    const budget = new RequestBudget(60, clock);
    let polls = 0;
    while (budget.tryTake()) polls++;
    expect(polls).toBe(45);
    // What must be sent still gets the reserve at once.
    for (let i = 0; i < 15; i++) await budget.take();
    expect(clock.now()).toBe(0);
    expect(budget.tryTake()).toBe(false);
    clock.advance(BUDGET_WINDOW_MS);
    expect(budget.tryTake()).toBe(true);
  });

  it('spaces scans out once the window has no room for polls, so that tip requests cannot fill it', async () => {
    const clock = new TestClock();
    const budget = new RequestBudget(60, clock);
    expect(budget.mayScan(undefined)).toBe(true);
    for (let i = 0; i < 44; i++) await budget.take();
    expect(budget.mayScan(clock.now())).toBe(true);
    await budget.take();
    // 45 of 60 sent: a scan every 4 s at most, 15 tip requests a minute, a quarter of the budget.
    expect(budget.mayScan(clock.now() - 3_999)).toBe(false);
    expect(budget.mayScan(clock.now() - 4_000)).toBe(true);
  });

  it('counts the requests already sent under a new cap', async () => {
    const clock = new TestClock();
    const budget = new RequestBudget(100, clock);
    for (let i = 0; i < 50; i++) await budget.take();
    budget.setPerMinute(40);
    expect(budget.tryTake()).toBe(false);
    await budget.take();
    expect(clock.now()).toBe(BUDGET_WINDOW_MS);
  });

  it('refuses a cap that is not a whole number of at least 4', () => {
    expect(() => new RequestBudget(0)).toThrow(RangeError);
    expect(() => new RequestBudget(10.5)).toThrow(RangeError);
  });
});

describe('which awaited addresses are polled', () => {
  const MIN = 60_000;
  const now = 1_000 * MIN;
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);

  it('polls an address every tenth of its order’s age, at most every 5 minutes', () => {
    expect(pollInterval(now - 2 * MIN, now)).toBe(12_000);
    expect(pollInterval(now - 20 * MIN, now)).toBe(2 * MIN);
    expect(pollInterval(now - 600 * MIN, now)).toBe(5 * MIN);
    const awaited = [
      { address: 'new', since: at(2) },
      { address: 'hour', since: at(60) },
      { address: 'twenty', since: at(20) },
    ];
    const polled = new Map([
      ['new', now - 1_000],
      ['hour', now - 4 * MIN],
      ['twenty', now - 3 * MIN],
    ]);
    expect(addressesToPoll(awaited, polled, now)).toEqual(['twenty']);
    polled.set('new', now - 12_000);
    expect(addressesToPoll(awaited, polled, now)).toEqual(['twenty', 'new']);
  });

  it('asks the never polled first, newest order first, then the longest overdue', () => {
    const awaited = [
      { address: 'a', since: at(30) },
      { address: 'b', since: at(1) },
      { address: 'c', since: at(100) },
      { address: 'd', since: at(200) },
      { address: 'e', since: at(40) },
      { address: 'f', since: at(5) },
    ];
    const polled = new Map([
      // Due 45 minutes ago, 4 minutes ago, and 30 s ago.
      ['c', now - 50 * MIN],
      ['d', now - 9 * MIN],
      ['f', now - 60_000],
    ]);
    expect(addressesToPoll(awaited, polled, now)).toEqual(['b', 'a', 'e', 'c', 'd', 'f']);
    // A new order on an address polled before its order: as if never polled.
    polled.set('b', now - 2 * MIN);
    expect(addressesToPoll(awaited, polled, now)[0]).toBe('b');
  });

  it('counts as delayed an address neither polled nor ordered within 10 minutes', () => {
    const awaited = [
      { address: 'fresh', since: at(3) },
      { address: 'polled', since: at(90) },
      { address: 'waiting', since: at(90) },
      { address: 'never', since: at(11) },
    ];
    const polled = new Map([
      ['polled', now - 9 * MIN],
      ['waiting', now - 10 * MIN],
    ]);
    expect(countUnpolled(awaited, polled, now)).toBe(2);
  });
});
