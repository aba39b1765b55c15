// Group commit for the quick path of new orders: orders that arrive together (a launch spike) are
// inserted by one statement instead of one each. The statement checks every order on its own
// (`insertQuotedOrders`), so batching changes only how many round trips they share.
import type { Queryable } from '../../db/client';
import { StatementBatch, type Waiting } from '../../db/statement-batch';
import { insertQuotedOrders, type QuotedOrder } from './order-creation.repository';
import type { OrderRow } from './order-views.repository';

type WaitingOrder = Waiting<QuotedOrder, OrderRow | undefined>;

export class QuickOrderBatch {
  private readonly batch: StatementBatch<QuotedOrder, OrderRow | undefined>;

  constructor(
    private readonly db: Queryable,
    maxBatch = 200,
  ) {
    this.batch = new StatementBatch((orders) => this.run(orders), maxBatch);
  }

  /** The order made, or undefined if it was not (see `insertQuotedOrders`). */
  insert(order: QuotedOrder): Promise<OrderRow | undefined> {
    return this.batch.call(order);
  }

  private async run(batch: WaitingOrder[]): Promise<void> {
    try {
      const made = await insertQuotedOrders(
        this.db,
        batch.map((w) => w.input),
      );
      for (const w of batch) w.resolve(made.get(w.input.publicId));
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
