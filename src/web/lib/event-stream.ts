import { urlOf } from './api-client';

// The one way pages listen to /api/events. EventSource reconnects by itself after a dropped
// connection, but gives up for good after a refusal (a 429 when too many streams are open from
// this address): then this opens a new one after a pause, as the server's Retry-After asks.
export const REOPEN_AFTER_REFUSAL_MS = 30_000;

/** Listens for the named events until the returned function is called. */
export function listenToEvents(handlers: Record<string, () => void>, reopenAfterMs = REOPEN_AFTER_REFUSAL_MS): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const open = () => {
    source = new EventSource(urlOf('GET /api/events'));
    for (const [event, handler] of Object.entries(handlers)) source.addEventListener(event, handler);
    source.addEventListener('error', () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(open, reopenAfterMs);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
