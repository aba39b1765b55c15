// Notifications of changes that open pages should see at once: an order changed (for its buyer's
// pages and the back-office) and the sale's figures moved (for everyone). Events are delivered to
// this instance's subscribers at once and, through PostgreSQL NOTIFY on the shared database, to
// every other instance's.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';

export type BusEvent = { type: 'sale' } | { type: 'order'; userId: number; orderId: string; status: string };

export const EVENTS_CHANNEL = 'presale_events';

const envelopeSchema = z.object({
  from: z.string(),
  event: z.discriminatedUnion('type', [
    z.object({ type: z.literal('sale') }),
    z.object({ type: z.literal('order'), userId: z.number().int(), orderId: z.string(), status: z.string() }),
  ]),
});

export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Tells this instance's own notifications apart from other instances'. */
  private readonly instanceId = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database?: Database,
    private readonly log?: FastifyBaseLogger,
  ) {
    // One listener per open page: many pages are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  /** Starts receiving other instances' events. */
  async start(): Promise<void> {
    if (!this.database || this.unlisten) return;
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      const parsed = envelopeSchema.safeParse(parseJson(payload));
      if (parsed.success && parsed.data.from !== this.instanceId) this.emitter.emit('event', parsed.data.event);
    });
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  publish(event: BusEvent): void {
    this.emitter.emit('event', event);
    if (!this.database) return;
    const payload = JSON.stringify({ from: this.instanceId, event });
    this.database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`).catch((err: unknown) => {
      this.log?.warn({ err }, 'could not notify other instances');
    });
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
