// Notifications of changes that open pages should see at once: an order changed (for its buyer's
// pages and the back-office), the sale's figures moved (for everyone), a prize draw changed (for
// every instance's copy of the landing's draw), a subject's sessions ended (for every instance's
// session memory). Events are delivered to this instance's subscribers at
// once and, through PostgreSQL NOTIFY on the shared database, to every other instance's. The
// database itself sends some ("from": "database"), which every instance hears.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';

export type BusEvent =
  | { type: 'sale' }
  | { type: 'draw' }
  | { type: 'order'; userId: number; orderId: string; status: string }
  | { type: 'sessions-ended'; kind: 'buyer' | 'operator'; subjectId: number };

export const EVENTS_CHANNEL = 'presale_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a batch stays well under. */
const MAX_PAYLOAD_BYTES = 7000;

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sale') }),
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('order'), userId: z.number().int(), orderId: z.string(), status: z.string() }),
  z.object({ type: z.literal('sessions-ended'), kind: z.enum(['buyer', 'operator']), subjectId: z.number().int() }),
]);
const envelopeSchema = z.object({ from: z.string(), events: z.array(eventSchema) });

export interface EventBusOptions {
  /**
   * Whether other processes share the database. PGlite's data folder is locked to one process, so
   * there is nobody to notify; PostgreSQL may have several instances.
   */
  shared?: boolean;
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Tells this instance's own notifications apart from other instances'. */
  private readonly instanceId = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;
  /** Events published in this turn of the event loop, sent to other instances together. */
  private outbox: BusEvent[] = [];
  private sending: Promise<void> = Promise.resolve();
  private readonly shared: boolean;

  constructor(
    private readonly database?: Database,
    private readonly log?: FastifyBaseLogger,
    options: EventBusOptions = {},
  ) {
    // One listener per open page: many pages are normal, not a leak.
    this.emitter.setMaxListeners(0);
    this.shared = Boolean(database) && (options.shared ?? database?.kind === 'postgres');
  }

  /**
   * Starts receiving other instances' events, and the database's own: the orders trigger announces a
   * stage that sold out (migration 0027), on PGlite too.
   */
  async start(): Promise<void> {
    if (!this.database || this.unlisten) return;
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      const parsed = envelopeSchema.safeParse(parseJson(payload));
      if (!parsed.success || parsed.data.from === this.instanceId) return;
      for (const event of parsed.data.events) this.emitter.emit('event', event);
    });
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  publish(event: BusEvent): void {
    this.emitter.emit('event', event);
    if (!this.shared) return;
    // A burst of orders sends one notification, not one each.
    if (this.outbox.push(event) === 1) setImmediate(() => this.flush());
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  private flush(): void {
    const events = this.outbox;
    this.outbox = [];
    for (const batch of batches(events, (e) => Buffer.byteLength(JSON.stringify(e)) + 1, MAX_PAYLOAD_BYTES - 100)) {
      const payload = JSON.stringify({ from: this.instanceId, events: batch });
      // One after another: pool connections would otherwise let a later batch overtake an earlier one.
      this.sending = this.sending.then(() =>
        this.database?.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`).then(
          () => undefined,
          (err: unknown) => this.log?.warn({ err }, 'could not notify other instances'),
        ),
      );
    }
  }
}

/** Consecutive groups of items whose sizes add up to at most `limit` each. */
function batches<T>(items: T[], size: (item: T) => number, limit: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length > 0 && used + n > limit) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
