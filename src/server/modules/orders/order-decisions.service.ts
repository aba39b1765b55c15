// An operator's decisions on an order: approve (crediting its tokens exactly once, as ordered or for
// what arrived), reject, delete, and credit or mark refunded the excess of an overpayment.
import { formatUnits } from 'viem';
import type { AdminOrder, CreditBasis, OrderStatus } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { groupDigits } from '@/domain/quote';
import { piecesText, piecesWithExtra } from '@/domain/stages';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings } from '../sale/sale.service';
import { judgeAmount } from '@/domain/payment-verdict';
import { paidAfterWindow, paidInTimeAfterExpiry } from '../payments/order-payments.service';
import { recordExcessDecision } from './payment-progress.service';
import { creditApprovedOrder } from './approved-order-credit';
import { allowOverHardCap, creditExcess, deleteOrderRow, lockOrder, requoteApprovedOrder, transitionOrder, type ExpiredOrder, type OrderQuote } from './order-changes.repository';
import type { OrderExpiry } from './order-expiry.service';
import { approvalQuote, baseUnitsOf, receivedFor, requotePieces, saleAt } from './order-requote';
import { creditRefusal, isCapRefusal } from './credit-refusals';
import { getOrderView } from './order-queries.service';
import { findOrderViewById } from './order-views.repository';
import type { OrderQueries } from './order-queries.service';

export class OrderDecisions {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly queries: OrderQueries,
    private readonly options: { rateMaxAgeMinutes: number },
    private readonly expiry: Pick<OrderExpiry, 'announce'>,
  ) {}

  /**
   * Approves a pending order, or an expired one whose payment arrived late, and credits its
   * tokens and bonus in the same transaction. The update is guarded by the current status, so a
   * repeated or concurrent approval finds nothing to change and credits nothing.
   *
   * `credit` says what: the order as quoted, or what arrived at its deposit address at the order's
   * rate (an underpaid order) or at today's (a late payment); the order's amounts then change to
   * the re-quote in the same statement that approves it.
   */
  async approve(actor: Actor, id: number, note: string, options: { overrideHardCap?: boolean; credit?: CreditBasis } = {}, now = new Date()): Promise<AdminOrder> {
    await this.approveOnly(actor, id, note, options, now);
    return this.decided(id);
  }

  /** `approve` without reading the order back for the operator (the payment watcher needs no view). */
  async approveOnly(actor: Actor, id: number, note: string, options: { overrideHardCap?: boolean; credit?: CreditBasis } = {}, now = new Date()): Promise<void> {
    await this.decide(actor, id, 'approved', note, now, options.overrideHardCap ?? false, options.credit ?? 'ordered');
    this.events.publish({ type: 'sale' });
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
  private async decide(actor: Actor, id: number, to: 'approved' | 'rejected', note: string, now: Date, overrideHardCap = false, credit: CreditBasis = 'ordered'): Promise<void> {
    let released: ExpiredOrder[] = [];
    const changed = await this.db
      .transaction(async (tx) => {
        const before = await findOrderViewById(tx, id);
        if (!before) throw notFound('This order does not exist.');
        // An approval that adds tokens to the stages (an expired order's, or a re-quote's) sees the
        // sale as it stands at this instant: overdue orders released, due closings recorded (the
        // sale's lock first, then the order's). A pending order approved as ordered only turns the
        // tokens it holds into sold ones: the watcher's approvals skip that step (~3 ms each).
        const addsTokens = to === 'approved' && (before.status !== 'pending' || credit !== 'ordered');
        if (addsTokens) released = await saleAt(tx, now, id);
        const locked = await lockOrder(tx, id);
        // It expired between the two reads: decided again, it takes the step above.
        if (to === 'approved' && !addsTokens && locked?.status === 'expired') throw conflict('This order expired a moment ago; look again.');
        // The watcher (actor "Automatic") approves only an order paid within its window: a late
        // payment is the operator's to decide (decision 024). An order that expired before the
        // watcher stored its in-time payment was paid in time all the same (decision 048).
        const automatic = to === 'approved' && actor.id === null;
        if (automatic && locked?.status === 'pending' && (await paidAfterWindow(tx, id))) {
          throw conflict('This order was paid after its window closed: an operator decides on a late payment.');
        }
        const inTimeAfterExpiry = automatic && locked?.status === 'expired' && (await paidInTimeAfterExpiry(tx, id));
        const from: OrderStatus[] = automatic && !inTimeAfterExpiry ? ['pending'] : ['pending', 'expired'];
        const decidable = locked !== undefined && from.includes(locked.status);
        const quote = to === 'approved' && locked && decidable ? await approvalQuote(tx, locked, credit, now, this.options.rateMaxAgeMinutes) : undefined;
        // A re-quote can add tokens to a pending order too (more arrived than it asked).
        const overriding = to === 'approved' && overrideHardCap && (before.status === 'expired' || quote !== undefined);
        if (overriding) await allowOverHardCap(tx);
        const row = await transitionOrder(tx, id, from, to, { decidedAt: now, decidedBy: actor.id, note: note || null }, quote);
        if (!row) {
          const current = await findOrderViewById(tx, id);
          throw conflict(`This order is already ${current?.status ?? 'gone'}; ${to === 'approved' ? 'it cannot be approved' : 'it cannot be rejected'}.`);
        }
        if (to === 'approved') await creditApprovedOrder(tx, row, now);
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
            ...(quote ? { credit, ordered: { tokens: toPlain(dec(before.tokens)), bonusTokens: toPlain(dec(before.bonusTokens)), payAmount: toPlain(dec(before.payAmount)) }, payAmount: toPlain(dec(row.payAmount)), rate: toPlain(dec(row.rate)), priceUsd: toPlain(dec(row.priceUsd)), pieces: piecesText(row.stagePieces) } : {}),
            ...(overriding ? { overrideHardCap: true } : {}),
          },
        );
        return row;
      })
      .catch(async (error: unknown) => {
        if (to !== 'approved' || !isCapRefusal(error)) throw error;
        const [sale, order] = await Promise.all([getSaleSettings(this.db), getOrderView(this.db, id)]);
        const subject = credit === 'ordered' ? `This expired order's ${groupDigits(toPlain(dec(order.tokens)))} ${sale.tokenSymbol}` : 'The tokens for what arrived';
        throw (await creditRefusal(this.db, error, subject, 'Approve it')) ?? error;
      });
    this.expiry.announce(released);
    this.events.publish({ type: 'order', userId: changed.userId, orderId: changed.publicId, status: to });
  }

  /**
   * Decides the excess of an overpaid, approved order: `credit` adds the tokens it buys at the
   * price of the order's last piece, into that piece's stage (the order's amounts grow to include
   * it, and the ledger gets an excess entry; refused if the stage has no room for them), `refunded` records that the operator sent it back (the note says how). One
   * decision per order, in one transaction with its audit entry.
   */
  async settleExcess(actor: Actor, id: number, body: { action: 'credit' | 'refunded'; note: string; overrideHardCap: boolean }, now = new Date()): Promise<AdminOrder> {
    let released: ExpiredOrder[] = [];
    const changed = await this.db
      .transaction(async (tx) => {
        // A credited excess adds tokens to a stage: as for an approval, the sale as it stands now.
        if (body.action === 'credit') released = await saleAt(tx, now, id);
        const order = await lockOrder(tx, id);
        if (!order) throw notFound('This order does not exist.');
        if (order.status !== 'approved') throw conflict('Only the excess of an approved order is credited or refunded: decide on the order first.');
        if (order.depositAddressId === null) throw conflict("Only orders paid to a buyer's deposit address know what arrived.");
        const received = await receivedFor(tx, order);
        if (received.progress?.excessDecision) throw conflict(`The excess of this order was ${received.progress.excessDecision.action} already.`);
        const verdict = judgeAmount(baseUnitsOf(order, order.payAmount), received.base, received.progress?.toleranceBps ?? 0);
        if (verdict.kind !== 'overpaid') throw conflict('This order has no excess to decide on: what arrived is within its tolerance.');
        const excess = toPlain(dec(formatUnits(verdict.excess, order.decimals ?? 18)));
        let credited: OrderQuote | undefined;
        if (body.action === 'credit') {
          // The excess buys at the last piece's price, into that piece's stage (the database refuses it if the stage has no room).
          credited = requotePieces(piecesWithExtra(order.stagePieces, excess, order.decimals));
          if (body.overrideHardCap) await allowOverHardCap(tx);
          const row = await requoteApprovedOrder(tx, id, order.payAmount, credited, now);
          if (!row) throw conflict('This order changed a moment ago; look again.');
        }
        const tokens = credited ? toPlain(dec(credited.tokens).minus(order.tokens)) : '0';
        const bonusTokens = credited ? toPlain(dec(credited.bonusTokens).minus(order.bonusTokens)) : '0';
        const action = body.action === 'credit' ? 'credited' : 'refunded';
        const recorded = await recordExcessDecision(tx, { orderId: id, action, amount: verdict.excess, tokens, bonusTokens, note: body.note, decidedBy: actor.id, decidedAt: now });
        if (!recorded) throw conflict('The excess of this order was decided a moment ago.');
        if (credited) await creditExcess(tx, order, tokens, bonusTokens);
        await recordAudit(tx, actor, body.action === 'credit' ? 'order.excess.credit' : 'order.excess.refund', `order:${order.publicId}`, { payAmount: toPlain(dec(order.payAmount)), tokens: toPlain(dec(order.tokens)), bonusTokens: toPlain(dec(order.bonusTokens)) }, {
          excess,
          note: body.note || null,
          ...(credited ? { payAmount: credited.payAmount, tokens: credited.tokens, bonusTokens: credited.bonusTokens, creditedTokens: tokens, creditedBonus: bonusTokens, pieces: piecesText(credited.stagePieces) } : {}),
          ...(credited && body.overrideHardCap ? { overrideHardCap: true } : {}),
        });
        return order;
      })
      .catch(async (error: unknown) => {
        throw (await creditRefusal(this.db, error, 'The tokens for the excess', 'Credit them')) ?? error;
      });
    this.expiry.announce(released);
    if (body.action === 'credit') this.events.publish({ type: 'sale' });
    this.events.publish({ type: 'order', userId: changed.userId, orderId: changed.publicId, status: 'approved' });
    return this.decided(id);
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
