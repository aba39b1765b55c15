// An operator's decisions on an order: approve (crediting its tokens exactly once), reject, delete.
import type { AdminOrder } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { hardCapRefusal } from '../../db/errors';
import { AppError, conflict, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings } from '../sale/sale.service';
import { allowOverHardCap, creditOrder, deleteOrderRow, transitionOrder } from './order-changes.repository';
import { getOrderView } from './order-queries.service';
import { findOrderViewById } from './order-views.repository';
import type { OrderQueries } from './order-queries.service';

export class OrderDecisions {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly queries: OrderQueries,
  ) {}

  /**
   * Approves a pending order, or an expired one whose payment arrived late, and credits its
   * tokens and bonus in the same transaction. The update is guarded by the current status, so a
   * repeated or concurrent approval finds nothing to change and credits nothing.
   */
  async approve(actor: Actor, id: number, note: string, options: { overrideHardCap?: boolean } = {}, now = new Date()): Promise<AdminOrder> {
    await this.decide(actor, id, 'approved', note, now, options.overrideHardCap ?? false);
    this.events.publish({ type: 'sale' });
    return this.decided(id);
  }

  async reject(actor: Actor, id: number, note: string, now = new Date()): Promise<AdminOrder> {
    await this.decide(actor, id, 'rejected', note, now);
    return this.decided(id);
  }

  /**
   * An expired order holds no tokens in the sale's totals, so approving its late payment adds them
   * back: the database refuses that past the hard cap (PS001) unless the operator confirmed an
   * override, which the audit entry records.
   */
  private async decide(actor: Actor, id: number, to: 'approved' | 'rejected', note: string, now: Date, overrideHardCap = false): Promise<void> {
    const changed = await this.db
      .transaction(async (tx) => {
        const before = await findOrderViewById(tx, id);
        if (!before) throw notFound('This order does not exist.');
        const overriding = to === 'approved' && overrideHardCap && before.status === 'expired';
        if (overriding) await allowOverHardCap(tx);
        const row = await transitionOrder(tx, id, ['pending', 'expired'], to, { decidedAt: now, decidedBy: actor.id, note: note || null });
        if (!row) {
          const current = await findOrderViewById(tx, id);
          throw conflict(`This order is already ${current?.status ?? 'gone'}; ${to === 'approved' ? 'it cannot be approved' : 'it cannot be rejected'}.`);
        }
        if (to === 'approved') await creditOrder(tx, row);
        await recordAudit(
          tx,
          actor,
          to === 'approved' ? 'order.approve' : 'order.reject',
          `order:${row.publicId}`,
          { status: before.status },
          {
            status: to,
            tokens: toPlain(dec(row.tokens)),
            bonusTokens: toPlain(dec(row.bonusTokens)),
            buyer: before.buyerEmail,
            note: note || null,
            ...(overriding ? { overrideHardCap: true } : {}),
          },
        );
        return row;
      })
      .catch(async (error: unknown) => {
        const refusal = hardCapRefusal(error);
        if (!refusal) throw error;
        const [sale, order] = await Promise.all([getSaleSettings(this.db), getOrderView(this.db, id)]);
        throw new AppError(
          'over_hard_cap',
          `This expired order's ${toPlain(dec(order.tokens))} ${sale.tokenSymbol} no longer fit under the hard cap (${toPlain(dec(refusal.tokensLeft))} ${sale.tokenSymbol} left). Approve it beyond the cap only if you mean to sell more than the cap.`,
        );
      });
    this.events.publish({ type: 'order', userId: changed.userId, orderId: changed.publicId, status: to });
  }

  private async decided(id: number): Promise<AdminOrder> {
    const [order] = await this.queries.forOperator([await getOrderView(this.db, id)]);
    if (!order) throw notFound('This order does not exist.');
    return order;
  }

  /** Deletes a pending, expired or rejected order; approved orders are part of the ledger's history and stay. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await findOrderViewById(tx, id);
      if (!before) throw notFound('This order does not exist.');
      const row = await deleteOrderRow(tx, id, ['pending', 'expired', 'rejected']);
      if (!row) throw conflict('Approved orders are never deleted.');
      await recordAudit(tx, actor, 'order.delete', `order:${before.publicId}`, { status: before.status, tokens: toPlain(dec(before.tokens)), buyer: before.buyerEmail }, null);
    });
  }
}
