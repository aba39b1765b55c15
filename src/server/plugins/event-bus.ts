// In-process notifications of changes that open pages should see at once: an order changed
// (for its buyer's pages and the back-office) and the sale's figures moved (for everyone).
// Several instances sharing one database need a shared channel instead (scale-out issue).
import { EventEmitter } from 'node:events';

export type BusEvent = { type: 'sale' } | { type: 'order'; userId: number; orderId: string; status: string };

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open page: many pages are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  publish(event: BusEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
