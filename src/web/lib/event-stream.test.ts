import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToEvents } from './event-stream';

/** A stand-in for the browser's EventSource: records what was opened and lets the test fire events. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

describe('listenToEvents', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('passes named events to their handlers', () => {
    const onSale = vi.fn();
    const stop = listenToEvents({ sale: onSale });
    FakeEventSource.opened[0]?.dispatchEvent(new Event('sale'));
    expect(onSale).toHaveBeenCalledTimes(1);
    stop();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });

  it('opens a new stream after a pause when the server refused one (EventSource gives up then)', () => {
    const onSale = vi.fn();
    listenToEvents({ sale: onSale }, 30_000);
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.dispatchEvent(new Event('sale'));
    expect(onSale).toHaveBeenCalledTimes(1);
  });

  it('leaves a dropped connection to EventSource’s own reconnection, and stops for good when asked', () => {
    const stop = listenToEvents({}, 30_000);
    FakeEventSource.opened[0]?.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
