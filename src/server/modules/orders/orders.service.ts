// The orders module as the rest of the server uses it (`app.orders`): one object over the files that
// each do one job (creation, queries, decisions, expiry, the leaderboard).
import type { z } from 'zod';
import type { AdminOrder, adminOrdersQuerySchema, createOrderBodySchema, CreditBasis, Leaderboard, Order, OrderStatus } from '@/contracts/orders';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import type { EventBus } from '../../plugins/event-bus';
import type { DepositAddresses } from '../payments/deposit-addresses.service';
import type { Eligibility } from '../eligibility/eligibility.service';
import type { SaleFigures } from '../sale/sale.service';
import { getLeaderboard } from './leaderboard.service';
import { OrderCreation, type OrderRequest } from './order-creation.service';
import { OrderDecisions } from './order-decisions.service';
import { OrderExpiry } from './order-expiry.service';
import { getOrderView, OrderQueries } from './order-queries.service';
import { setTxHash } from './order-changes.repository';
import type { OrderView } from './order-views.repository';
import { attachTxHash } from './order-tx-hash.service';
import { createOrderFromDeposit } from './order-from-deposit.service';
import type { PricesNow } from '@/domain/stage-credit';
import { pricesNow } from './order-requote';

export class OrderService {
  private readonly expiry: OrderExpiry;
  private readonly creation: OrderCreation;
  private readonly queries: OrderQueries;
  private readonly decisions: OrderDecisions;

  constructor(
    private readonly db: Db,
    /** orderExpiryUnitMs: what one unit of the sale's order expiry lasts (ORDER_EXPIRY_UNIT). */
    private readonly options: { rateMaxAgeMinutes: number; orderExpiryUnitMs: number },
    private readonly events: EventBus,
    sale: SaleFigures,
    deposits: DepositAddresses,
    private readonly eligibility: Eligibility,
  ) {
    this.expiry = new OrderExpiry(db, events);
    this.creation = new OrderCreation(db, options, events, sale, this.expiry, deposits, eligibility);
    this.queries = new OrderQueries(db, this.expiry);
    this.decisions = new OrderDecisions(db, events, this.queries, options, this.expiry);
  }

  /** Creates the buyer's order, or returns the one already made with the same Idempotency-Key. */
  create(userId: number, body: z.output<typeof createOrderBodySchema>, request?: OrderRequest): Promise<{ order: Order; created: boolean }> {
    return this.creation.create(userId, body, request);
  }

  /** Pending orders past their window become expired; run on a schedule and before reads. */
  expireOverdue(now = new Date()): Promise<number> {
    return this.expiry.expireOverdue(now);
  }

  listOwn(userId: number): Promise<Order[]> {
    return this.queries.listOwn(userId);
  }

  getOwn(userId: number, publicId: string): Promise<Order> {
    return this.queries.getOwn(userId, publicId);
  }

  attachTxHash(userId: number, publicId: string, txHash: string): Promise<Order> {
    return attachTxHash(this.db, this.events, this.queries, userId, publicId, txHash);
  }

  page(q: z.output<typeof adminOrdersQuerySchema>): Promise<{ orders: AdminOrder[]; total: number; page: number; pageSize: number }> {
    return this.queries.page(q);
  }

  ofUser(userId: number): Promise<AdminOrder[]> {
    return this.queries.ofUser(userId);
  }

  all(status: OrderStatus | undefined, q?: string): Promise<AdminOrder[]> {
    return this.queries.all(status, q);
  }

  approve(actor: Actor, id: number, note: string, options: { overrideHardCap?: boolean; credit?: CreditBasis } = {}, now = new Date()): Promise<AdminOrder> {
    return this.decisions.approve(actor, id, note, options, now);
  }

  /** Approves as `approve` does, without the operator's view of the result (for the payment watcher). */
  approveOnly(actor: Actor, id: number, note: string, now = new Date()): Promise<void> {
    return this.decisions.approveOnly(actor, id, note, {}, now);
  }

  /** Credits or marks refunded the excess of an overpaid, approved order. */
  settleExcess(actor: Actor, id: number, body: { action: 'credit' | 'refunded'; note: string; overrideHardCap: boolean }, now = new Date()): Promise<AdminOrder> {
    return this.decisions.settleExcess(actor, id, body, now);
  }

  /** Makes an approved order from an unallocated deposit, at today's rate and token price. */
  createFromDeposit(actor: Actor, paymentId: number, body: { note: string; overrideHardCap: boolean }, now = new Date()): Promise<{ id: string }> {
    return createOrderFromDeposit(this.db, this.events, this.options, this.eligibility, actor, paymentId, body, now);
  }

  /** What a currency buys today across the open stages, as a new order would be quoted, or why nothing can be priced in it now. */
  pricesNow(cryptoCode: string, now = new Date()): Promise<PricesNow | { refusal: string }> {
    return pricesNow(this.db, cryptoCode, now, this.options.rateMaxAgeMinutes);
  }

  reject(actor: Actor, id: number, note: string, now = new Date()): Promise<AdminOrder> {
    return this.decisions.reject(actor, id, note, now);
  }

  remove(actor: Actor, id: number): Promise<void> {
    return this.decisions.remove(actor, id);
  }

  /** The order as stored, for the payment watcher to judge what arrived against it. */
  view(id: number): Promise<OrderView> {
    return getOrderView(this.db, id);
  }

  /**
   * A payment reached the order's deposit address: the order shows its transaction (if it had none)
   * and its page hears of it at once.
   */
  async notePayment(id: number, txHash: string): Promise<void> {
    const order = await getOrderView(this.db, id);
    if (order.txHash === null) await setTxHash(this.db, id, txHash);
    this.events.publish({ type: 'order', userId: order.userId, orderId: order.publicId, status: order.status });
  }

  leaderboard(limit = 10): Promise<Leaderboard> {
    return getLeaderboard(this.db, limit);
  }
}
