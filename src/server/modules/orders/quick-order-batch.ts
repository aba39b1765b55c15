// Group commit for the quick path of new orders: orders that arrive together (a launch spike) are
// inserted by one statement instead of one each. The statement checks every order on its own
// (`insertQuotedOrders`), so batching changes only how many round trips they share.
import type { Queryable } from '../../db/client';
import { insertQuotedOrders, type QuotedOrder } from './order-creation.repository';
import type { OrderRow } from './order-views.repository';

interface Waiting {
  order: QuotedOrder;
  resolve: (row: OrderRow | undefined) => void;
  reject: (error: unknown) => void;
}

export class QuickOrderBatch {
  private queue: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Queryable,
    private readonly maxBatch = 200,
  ) {}

  /** The order made, or undefined if it was not (see `insertQuotedOrders`). */
  insert(order: QuotedOrder): Promise<OrderRow | undefined> {
    return new Promise((resolve, reject) => {
      // Orders parsed in the same turn of the event loop, or while a batch is running, go together.
      if (this.queue.push({ order, resolve, reject }) === 1 && !this.running) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) await this.run(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const made = await insertQuotedOrders(
        this.db,
        batch.map((w) => w.order),
      );
      for (const w of batch) w.resolve(made.get(w.order.publicId));
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) {
        only.reject(error);
        return;
      }
      // The statement is all or nothing: one order's refusal (the hard cap, mostly) must not decide
      // the others', so the halves go again, down to single orders.
      const half = Math.ceil(batch.length / 2);
      await this.run(batch.slice(0, half));
      await this.run(batch.slice(half));
    }
  }
}
