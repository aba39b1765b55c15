// Orders as buyers and operators read them, never showing a "pending" whose window has closed.
import type { z } from 'zod';
import type { AdminOrder, adminOrdersQuerySchema, Order, OrderCampaign, OrderStatus } from '@/contracts/orders';
import type { Queryable } from '../../db/client';
import { notFound } from '../../errors';
import type { OrderExpiry } from './order-expiry.service';
import { campaignOutcomesOfOrders } from '../referrals/campaign-codes.service';
import { findPaymentProgress } from './payment-progress.service';
import {
  findAllOrderViews,
  findBuyerOrder,
  findLedgerEntriesOfOrders,
  findOrderViewById,
  findOrderViewPage,
  listOrderViewsOfUser,
  type BuyerOrderView,
  type LedgerEntryOfOrder,
  type OrderView,
} from './order-views.repository';
import { toAdminOrder, toOrder } from './orders.mapper';
import { withdrawalsOfOrders } from './withdrawal.service';

type PageQuery = z.output<typeof adminOrdersQuerySchema>;

export async function getOrderView(db: Queryable, id: number): Promise<OrderView> {
  const view = await findOrderViewById(db, id);
  if (!view) throw notFound("Transaction doesn't exist.");
  return view;
}

/** The ledger entries that credited these orders, in chain order (the public list shows them too). */
export function ledgerEntriesOfOrders(db: Queryable, orderIds: number[]): Promise<LedgerEntryOfOrder[]> {
  return findLedgerEntriesOfOrders(db, orderIds);
}

/** An order the ledger credited: approved, or approved and since withdrawn (its credits stay, reversed by entries of their own). */
const isCredited = (status: OrderStatus) => status === 'approved' || status === 'withdrawn';

/** Each order's first ledger entry (entries come in chain order). */
function firstSeqs(ledger: readonly LedgerEntryOfOrder[]): Map<number, number> {
  const first = new Map<number, number>();
  for (const e of ledger) if (!first.has(e.orderId)) first.set(e.orderId, e.seq);
  return first;
}

const isOverdue = (r: { status: string; expiresAt: Date }, now: number) => r.status === 'pending' && r.expiresAt.getTime() <= now;

export class OrderQueries {
  constructor(
    private readonly db: Queryable,
    private readonly expiry: OrderExpiry,
  ) {}

  /**
   * Reads orders with no stale "pending": if any read order's window has closed, overdue orders
   * are expired and the read repeated. Most reads find none, so they stay reads.
   */
  private async fresh<T extends { status: string; expiresAt: Date }>(read: () => Promise<T[]>): Promise<T[]> {
    const rows = await read();
    const now = Date.now();
    if (!rows.some((r) => isOverdue(r, now))) return rows;
    await this.expiry.expireOverdue();
    return read();
  }

  async listOwn(userId: number): Promise<Order[]> {
    const now = new Date();
    const views = await this.fresh(() => listOrderViewsOfUser(this.db, userId));
    const [progress, ledger, campaigns] = await Promise.all([this.progressOf(views), this.ledgerOf(views), this.campaignsOf(views)]);
    const withdrawals = await withdrawalsOfOrders(this.db, views, firstSeqs(ledger), now);
    return views.map((v) => toOrder(v, now, progress.get(v.id), ledger.filter((e) => e.orderId === v.id), campaigns.get(v.id) ?? null, withdrawals.get(v.id) ?? null));
  }

  /** What the approved orders among these that carry a campaign code were paid under it. */
  private async campaignsOf(views: BuyerOrderView[]): Promise<Map<number, OrderCampaign>> {
    const ids = views.filter((v) => isCredited(v.status) && v.campaignCodeId !== null).map((v) => v.id);
    return campaignOutcomesOfOrders(this.db, ids);
  }

  /** The ledger entries of the approved (and withdrawn) orders among these (the others have none). */
  private ledgerOf(views: BuyerOrderView[]) {
    return ledgerEntriesOfOrders(
      this.db,
      views.filter((v) => isCredited(v.status)).map((v) => v.id),
    );
  }

  /** What the payment watcher saw for the orders that pay to a deposit address. */
  private progressOf(views: BuyerOrderView[]) {
    return findPaymentProgress(
      this.db,
      views.filter((v) => v.depositAddressId !== null).map((v) => ({ id: v.id, network: v.network, chainId: v.chainId, payAmount: v.payAmount })),
    );
  }

  /** The buyer's own order; someone else's is indistinguishable from a missing one. */
  async getOwn(userId: number, publicId: string): Promise<Order> {
    const [view] = await this.fresh(async () => {
      const found = await findBuyerOrder(this.db, publicId);
      return found ? [found] : [];
    });
    if (view?.userId !== userId) throw notFound("Transaction doesn't exist.");
    const now = new Date();
    const [progress, ledger, campaigns] = await Promise.all([this.progressOf([view]), this.ledgerOf([view]), this.campaignsOf([view])]);
    const withdrawals = await withdrawalsOfOrders(this.db, [view], firstSeqs(ledger), now);
    return toOrder(view, now, progress.get(view.id), ledger, campaigns.get(view.id) ?? null, withdrawals.get(view.id) ?? null);
  }

  async page(q: PageQuery): Promise<{ orders: AdminOrder[]; total: number; page: number; pageSize: number }> {
    // A status filter must not count orders whose status is about to change: expire first.
    if (q.status) await this.expiry.expireOverdue();
    let result = await findOrderViewPage(this.db, q);
    if (result.rows.some((r) => isOverdue(r, Date.now()))) {
      await this.expiry.expireOverdue();
      result = await findOrderViewPage(this.db, q);
    }
    return { orders: await this.forOperator(result.rows), total: result.total, page: q.page, pageSize: q.pageSize };
  }

  /** A buyer's orders as the back-office shows them. */
  async ofUser(userId: number): Promise<AdminOrder[]> {
    return this.forOperator(await this.fresh(() => listOrderViewsOfUser(this.db, userId)));
  }

  async all(status: OrderStatus | undefined, q?: string): Promise<AdminOrder[]> {
    await this.expiry.expireOverdue();
    return this.forOperator(await findAllOrderViews(this.db, status, q));
  }

  /** Orders as the operator sees them, with what the watcher saw of their payments. */
  async forOperator(views: OrderView[]): Promise<AdminOrder[]> {
    const [progress, campaigns] = await Promise.all([this.progressOf(views), this.campaignsOf(views)]);
    return views.map((v) => toAdminOrder(v, progress.get(v.id), campaigns.get(v.id) ?? null));
  }
}
