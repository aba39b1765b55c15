// Pending orders whose payment window has closed become expired, and their buyers hear of it.
import type { Queryable } from '../../db/client';
import type { EventBus } from '../../plugins/event-bus';
import { expireOverdue } from './order-changes.repository';

export class OrderExpiry {
  constructor(
    private readonly db: Queryable,
    private readonly events: EventBus,
  ) {}

  /** Run on a schedule and before reads; returns how many orders expired. */
  async expireOverdue(now = new Date()): Promise<number> {
    const expired = await expireOverdue(this.db, now);
    this.announce(expired);
    return expired.length;
  }

  /** Publishes orders expired inside a caller's transaction, once it has committed. */
  announce(expired: { userId: number; publicId: string }[]): void {
    for (const o of expired) this.events.publish({ type: 'order', userId: o.userId, orderId: o.publicId, status: 'expired' });
  }
}
