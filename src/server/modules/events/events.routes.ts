// GET /api/events: server-sent events. Everyone hears that the sale's figures moved; a signed-in
// buyer also hears about their own orders, and an operator about every order. Pages refetch
// what changed, so no figure travels over this stream.
// An operator's session carries order news only if the operator guard would let it read the
// orders (not disabled, no one-time password or second factor still to set); otherwise the stream
// is served as a visitor's. A stream ends at the instant its sessions end (idle or absolute), and
// the page's reconnect is then a visitor's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ruleOf } from '@/contracts/permissions';
import { route } from '../../http/route';
import { findAdmittedOperator } from '../../plugins/access';
import type { BusEvent } from '../../plugins/event-bus';
import { clientKeyOf } from '../../plugins/client-address';
import { tooManyAttempts } from '../../plugins/rate-limit-store';
import type { SessionKind } from '../sessions/sessions.service';

const HEARTBEAT_MS = 25_000;
/** A page refused a stream keeps polling; this is when it may ask for one again. */
const RETRY_AFTER_MS = 30_000;

export const TOO_MANY_FROM_ADDRESS = 'Too many live connections from your address. Close other tabs and try again.';
export const TOO_MANY_IN_TOTAL = 'Too many live connections right now. Try again in a minute.';

const tooManyStreams = (message: string) => tooManyAttempts(RETRY_AFTER_MS, message);

/** Every order's news is what reading the orders shows. */
const ORDER_NEWS = ruleOf('GET /api/admin/orders');

/** Open streams per client address and in total, so that one client cannot hold every socket. */
class StreamSlots {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perAddress: number,
    private readonly max: number,
  ) {}

  /** Throws a 429 when `address` may not open another stream now. */
  check(address: string): void {
    if ((this.byAddress.get(address) ?? 0) >= this.perAddress) throw tooManyStreams(TOO_MANY_FROM_ADDRESS);
    if (this.total >= this.max) throw tooManyStreams(TOO_MANY_IN_TOTAL);
  }

  /** Takes a slot for `address` or throws a 429; the function returned gives it back, once. */
  take(address: string): () => void {
    this.check(address);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.total += 1;
    let taken = true;
    return () => {
      if (!taken) return;
      taken = false;
      this.total -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const slots = new StreamSlots(app.config.EVENT_STREAMS_PER_IP, app.config.EVENT_STREAMS_TOTAL);
  // Open streams end as the server starts closing, so shutdown does not wait for visitors to leave.
  // (onClose would be too late: it runs once every connection has gone, which a stream never does.)
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  // One timer beats for every open stream (one each would be 10,000 timers at 10,000 pages).
  const beating = new Set<() => void>();
  const heartbeat = setInterval(() => {
    for (const beat of beating) beat();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  const clock = app.sessions.timer;

  route(app, 'GET /api/events', async (request, reply) => {
    // Refused before any query, so a flood of refused requests costs the database nothing.
    slots.check(clientKeyOf(request));
    const buyerSession = app.sessions.cookieOf(request, 'buyer');
    const operatorSession = app.sessions.cookieOf(request, 'operator');
    // A session may end while it is being looked up; such news is replayed once the stream is open.
    const endedMeanwhile: BusEvent[] = [];
    /** The sessions the stream carries news for. */
    const carried = (): [SessionKind, string][] => [
      ...(buyerId !== null && buyerSession ? [['buyer', buyerSession] as [SessionKind, string]] : []),
      ...(operatorId !== null && operatorSession ? [['operator', operatorSession] as [SessionKind, string]] : []),
    ];
    /** When the first of them ends (asked of the database, never moved by asking); null if one has ended; Infinity with none. */
    const firstEnd = async (): Promise<number | null> => {
      let first = Infinity;
      for (const [kind, id] of carried()) {
        const at = await app.sessions.expiryOf(kind, id);
        if (at === null) return null;
        first = Math.min(first, at);
      }
      return first;
    };
    const stopListening = app.events.subscribe((e) => {
      if (e.type === 'sessions-ended') endedMeanwhile.push(e);
    });
    let buyerId: number | null;
    let operatorId: number | null;
    let endsAt: number | null;
    try {
      buyerId = await app.sessions.subjectOf(request, 'buyer');
      operatorId = (await findAdmittedOperator(request, ORDER_NEWS))?.id ?? null;
      endsAt = await firstEnd();
    } finally {
      stopListening();
    }

    // Nothing between taking the slot and handing it to the stream can throw or wait.
    const release = slots.take(clientKeyOf(request));
    reply.hijack();
    const res = reply.raw;
    // What the stream's callbacks keep, rather than the whole request.
    const log = request.log;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx must pass events through as they come.
      'x-accel-buffering': 'no',
    });

    let closed = false;
    /** Session checks under way: what would be written meanwhile waits, and is dropped if a session ended. */
    let checks = 0;
    let held: string[] = [];
    const write = (chunk: string) => {
      if (closed) return;
      if (checks > 0) held.push(chunk);
      else res.write(chunk);
    };
    const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    const close = () => {
      if (closed) return;
      closed = true;
      held = [];
      cancelExpiry();
      beating.delete(beat);
      unsubscribe();
      open.delete(end);
      release();
    };
    const end = () => {
      close();
      res.end();
    };

    /** When a subject's sessions end somewhere, a stream opened with one of them asks the database whether its own is still live. */
    const recheck = (kind: SessionKind, subjectId: number) => {
      const session = kind === 'buyer' ? buyerSession : operatorSession;
      const subject = kind === 'buyer' ? buyerId : operatorId;
      if (!session || subject !== subjectId || closed) return;
      checks += 1;
      app.sessions.isLive(kind, session).then(
        (live) => {
          if (!live) {
            end();
            return;
          }
          checks -= 1;
          if (checks > 0 || closed || held.length === 0) return;
          res.write(held.join(''));
          held = [];
        },
        (err: unknown) => {
          log.warn({ err }, 'could not re-check the session of an event stream; ending it');
          end();
        },
      );
    };
    const onEvent = (e: BusEvent) => {
      if (e.type === 'sessions-ended') recheck(e.kind, e.subjectId);
      if (e.type === 'sale') send('sale', {});
      if (e.type !== 'order') return;
      if (e.userId === buyerId) send('order', { id: e.orderId, status: e.status });
      if (operatorId !== null) send('admin-order', { id: e.orderId, status: e.status });
    };

    /** At the instant the first of its sessions would end, the stream asks again (use may have moved it) and ends if it has. */
    let cancelExpiry = () => {};
    const expireAt = (at: number | null) => {
      if (at === Infinity) return;
      cancelExpiry = clock.setTimeout(
        () => {
          firstEnd().then(
            (next) => {
              if (closed) return;
              if (next === null || next <= clock.now()) end();
              else expireAt(next);
            },
            (err: unknown) => {
              log.warn({ err }, 'could not re-check the sessions of an event stream; ending it');
              end();
            },
          );
        },
        at === null ? 0 : at - clock.now(),
      );
    };

    const unsubscribe = app.events.subscribe(onEvent);
    expireAt(endsAt);
    const beat = () => write(': keep-alive\n\n');
    beating.add(beat);
    open.add(end);
    res.on('close', close);
    write('retry: 5000\n\n');
    send('ready', {});
    for (const e of endedMeanwhile) onEvent(e);
    // The client may have left while its sessions were looked up: then no 'close' is coming.
    if (res.destroyed) close();
  });
};
