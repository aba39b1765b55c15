// Orders: the server computes every amount from its own data, stores the quote, and credits an
// approved order exactly once (PRODUCT.md §6).
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { AdminOrder, adminOrdersQuerySchema, createOrderBodySchema, Leaderboard, Order, OrderStatus } from '@/contracts/orders';
import { dec, toFixed, toPlain } from '@/domain/decimal';
import { levelOf } from '@/domain/levels';
import { maskEmail } from '@/domain/mask';
import { txHashProblem } from '@/domain/payment';
import { limitProblem, quoteForPayment, quoteForTokens } from '@/domain/quote';
import { saleState } from '@/domain/sale';
import type { Db, Queryable } from '../../db/client';
import { hardCapRefusal, pendingLimitRefusal } from '../../db/errors';
import { AppError, conflict, invalid, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit, type Actor } from '../audit/audit.repository';
import { isOffered, isStale } from '../cryptos/cryptos.mapper';
import { findCrypto, type CryptoRow } from '../cryptos/cryptos.repository';
import { getSaleSettings, type SaleFigures } from '../sale/sale.service';
import { toAdminOrder, toOrder } from './orders.mapper';
import { newPublicId } from './public-id';
import { QuickOrderBatch } from './quick-order-batch';
import {
  allowOverHardCap,
  creditOrder,
  deleteOrderRow,
  expireOverdue,
  findAllOrderViews,
  findOrderByIdempotencyKey,
  findOrderViewById,
  findBuyerOrder,
  findOrderViewPage,
  findPendingOrdersOfUser,
  insertOrder,
  listOrderViewsOfUser,
  lockSale,
  setTxHash,
  type BuyerOrderView,
  topDepositors,
  transitionOrder,
  type OrderView,
} from './orders.repository';

type CreateBody = z.output<typeof createOrderBodySchema>;
type PageQuery = z.output<typeof adminOrdersQuerySchema>;

const STATE_REFUSALS = {
  upcoming: 'The presale has not started yet.',
  ended: 'The presale has ended.',
  sold_out: 'The presale is sold out.',
} as const;

/** How long a crypto read for a quote is reused; the order's insert checks it against the database anyway. */
const CRYPTO_CACHE_MS = 5000;

/** An order made or found, with what its buyer's view needs. */
interface Made {
  order: BuyerOrderView;
  created: boolean;
}

type ExpiredOrder = Awaited<ReturnType<typeof expireOverdue>>[number];

function quoteOf(body: CreateBody, rate: string, priceUsd: string) {
  const input = { rate, priceUsd };
  const quote = body.tokens !== undefined ? quoteForTokens(body.tokens, input) : quoteForPayment(body.payAmount ?? '0', input);
  return { tokens: quote.tokens, bonusTokens: quote.bonusTokens, payAmount: quote.payAmount, usdAmount: quote.usdAmount };
}

const tokensLeftConflict = (left: string, symbol: string) => conflict(`This order would exceed the tokens left in the sale (${left} ${symbol} available).`);

/** The refusal of one order too many, naming the buyer's open orders so the page can link to them. */
function tooManyPending(limit: number, open: { publicId: string }[]): AppError {
  const which = open.map((o) => `#${o.publicId}`).join(', ');
  return new AppError(
    'too_many_pending',
    `You already have ${limit} ${limit === 1 ? 'order' : 'orders'} awaiting payment${which ? ` (${which})` : ''}. Pay one or let it expire before ordering again.`,
    Object.fromEntries(open.map((o, i) => [`openOrders.${i}`, o.publicId])),
  );
}

function fingerprint(body: CreateBody): string {
  return createHash('sha256')
    .update(JSON.stringify([body.crypto.toUpperCase(), body.tokens ?? null, body.payAmount ?? null]))
    .digest('hex');
}

export class OrderService {
  private readonly cryptos = new Map<string, { row: CryptoRow; at: number }>();
  private readonly quick: QuickOrderBatch;

  constructor(
    private readonly db: Db,
    private readonly options: { rateMaxAgeMinutes: number },
    private readonly events: EventBus,
    private readonly sale: SaleFigures,
  ) {
    this.quick = new QuickOrderBatch(db);
  }

  /**
   * Creates the buyer's order, or returns the one already made with the same Idempotency-Key.
   *
   * Most orders take one statement: the quote is computed from the sale settings and crypto rate as
   * last read, and the insert succeeds only if they still hold (see `insertQuotedOrders`; orders
   * arriving together share one statement).
   * Anything else (a changed price or rate, a sale that is not live, a repeated key, the hard cap)
   * takes the checked path, which reads everything afresh under the sale's lock and says exactly
   * why an order is refused.
   */
  async create(userId: number, body: CreateBody, idempotencyKey: string | undefined, now = new Date()): Promise<{ order: Order; created: boolean }> {
    const print = fingerprint(body);
    const made = (await this.createQuick(userId, body, idempotencyKey, print, now)) ?? (await this.createChecked(userId, body, idempotencyKey, print, now));
    if (made.created) this.events.publish({ type: 'order', userId, orderId: made.order.publicId, status: made.order.status });
    return { order: toOrder(made.order, new Date()), created: made.created };
  }

  private async createQuick(userId: number, body: CreateBody, idempotencyKey: string | undefined, print: string, now: Date): Promise<Made | undefined> {
    const code = body.crypto.toUpperCase();
    const [sale, crypto] = await Promise.all([this.sale.settings(), this.offeredCrypto(code)]);
    if (!crypto || !isOffered(crypto) || isStale(crypto, now, this.options.rateMaxAgeMinutes)) return undefined;
    if (saleState({ now, startsAt: sale.startsAt, endsAt: sale.endsAt, tokensSold: sale.tokensSold, hardCap: sale.hardCap }) !== 'live') return undefined;
    const quote = quoteOf(body, crypto.rate, sale.priceUsd);
    if (limitProblem(quote.tokens, sale.tokenSymbol)) return undefined;
    try {
      const row = await this.quick.insert({
        publicId: newPublicId(),
        userId,
        crypto,
        priceUsd: sale.priceUsd,
        orderExpiryMinutes: sale.orderExpiryMinutes,
        ...quote,
        idempotencyKey: idempotencyKey ?? null,
        requestFingerprint: print,
        now,
        freshRatesSince: new Date(now.getTime() - this.options.rateMaxAgeMinutes * 60_000),
      });
      return row ? { order: { ...row, cryptoName: crypto.name }, created: true } : undefined;
    } catch (error) {
      // The checked path reads everything afresh and names the refusal.
      if (hardCapRefusal(error) || pendingLimitRefusal(error)) return undefined;
      throw error;
    }
  }

  /** The crypto as last read (at most `CRYPTO_CACHE_MS` ago): only a quote's starting point, never trusted alone. */
  private async offeredCrypto(code: string): Promise<CryptoRow | undefined> {
    const kept = this.cryptos.get(code);
    if (kept && Date.now() - kept.at < CRYPTO_CACHE_MS) return kept.row;
    return this.rememberCrypto(await findCrypto(this.db, code));
  }

  private rememberCrypto(row: CryptoRow | undefined): CryptoRow | undefined {
    if (row) this.cryptos.set(row.code, { row, at: Date.now() });
    return row;
  }

  private async createChecked(userId: number, body: CreateBody, idempotencyKey: string | undefined, print: string, now: Date): Promise<Made> {
    let released: ExpiredOrder[] = [];
    const made = await this.db.transaction(async (tx): Promise<Made> => {
      // One checked order at a time: the hard-cap check below must see every order made before this one.
      await lockSale(tx);
      if (idempotencyKey) {
        const existing = await findOrderByIdempotencyKey(tx, userId, idempotencyKey);
        if (existing) {
          if (existing.requestFingerprint !== print) throw conflict('This Idempotency-Key was already used for a different order.');
          return { order: await this.getView(existing.id, tx), created: false };
        }
      }
      // Overdue orders still hold their tokens in the sale's totals until they expire: release them first.
      released = await expireOverdue(tx, now);
      const sale = await getSaleSettings(tx);
      // A change this instance has not heard of yet (another instance's, or made in the database): quote from it next time.
      this.sale.notice(sale);
      const state = saleState({ now, startsAt: sale.startsAt, endsAt: sale.endsAt, tokensSold: sale.tokensSold, hardCap: sale.hardCap });
      if (state !== 'live') throw conflict(STATE_REFUSALS[state]);

      const crypto = this.rememberCrypto(await findCrypto(tx, body.crypto.toUpperCase()));
      if (!crypto) throw invalid('This cryptocurrency is not accepted.', { crypto: 'This cryptocurrency is not accepted.' });
      if (!isOffered(crypto)) throw conflict(`${crypto.name} is not accepted at the moment. Choose another cryptocurrency.`);
      if (isStale(crypto, now, this.options.rateMaxAgeMinutes)) throw conflict(`The ${crypto.code} rate is out of date. Try again in a few minutes or choose another cryptocurrency.`);

      const quote = quoteOf(body, crypto.rate, sale.priceUsd);
      const problem = limitProblem(quote.tokens, sale.tokenSymbol);
      if (problem) throw invalid(problem.message, { [body.tokens !== undefined ? 'tokens' : 'payAmount']: problem.message });

      const open = await findPendingOrdersOfUser(tx, userId);
      if (open.length >= sale.maxPendingOrders) throw tooManyPending(sale.maxPendingOrders, open);

      const left = dec(sale.hardCap).minus(sale.tokensCommitted);
      if (dec(quote.tokens).gt(left)) throw tokensLeftConflict(left.gt(0) ? toPlain(left) : '0', sale.tokenSymbol);
      try {
        const row = await insertOrder(tx, {
          publicId: newPublicId(),
          userId,
          cryptoCode: crypto.code,
          address: crypto.address,
          network: crypto.network,
          chainId: crypto.chainId,
          tokenContract: crypto.tokenContract,
          decimals: crypto.decimals,
          status: 'pending',
          ...quote,
          rate: crypto.rate,
          idempotencyKey: idempotencyKey ?? null,
          requestFingerprint: print,
          expiresAt: new Date(now.getTime() + sale.orderExpiryMinutes * 60_000),
          createdAt: now,
          updatedAt: now,
        });
        return { order: { ...row, cryptoName: crypto.name }, created: true };
      } catch (error) {
        // The database's own check of the hard cap agrees with the one above; this only names it.
        const refusal = hardCapRefusal(error);
        if (refusal) throw tokensLeftConflict(toPlain(dec(refusal.tokensLeft)), sale.tokenSymbol);
        // The check above ran under the sale's lock, so this is only the database agreeing with it.
        if (pendingLimitRefusal(error)) throw tooManyPending(sale.maxPendingOrders, []);
        throw error;
      }
    });
    for (const o of released) this.events.publish({ type: 'order', userId: o.userId, orderId: o.publicId, status: 'expired' });
    return made;
  }

  private async getView(id: number, db: Queryable = this.db): Promise<OrderView> {
    const view = await findOrderViewById(db, id);
    if (!view) throw notFound("Transaction doesn't exist.");
    return view;
  }

  /** Pending orders past their window become expired; run on a schedule and before reads. */
  async expireOverdue(now = new Date()): Promise<number> {
    const expired = await expireOverdue(this.db, now);
    for (const o of expired) this.events.publish({ type: 'order', userId: o.userId, orderId: o.publicId, status: 'expired' });
    return expired.length;
  }

  /**
   * Reads orders with no stale "pending": if any read order's window has closed, overdue orders
   * are expired and the read repeated. Most reads find none, so they stay reads.
   */
  private async fresh<T extends { status: string; expiresAt: Date }>(read: () => Promise<T[]>): Promise<T[]> {
    const rows = await read();
    const now = Date.now();
    if (!rows.some((r) => r.status === 'pending' && r.expiresAt.getTime() <= now)) return rows;
    await this.expireOverdue();
    return read();
  }

  async listOwn(userId: number): Promise<Order[]> {
    const now = new Date();
    return (await this.fresh(() => listOrderViewsOfUser(this.db, userId))).map((v) => toOrder(v, now));
  }

  /** The buyer's own order; someone else's is indistinguishable from a missing one. */
  async getOwn(userId: number, publicId: string): Promise<Order> {
    const [view] = await this.fresh(async () => {
      const found = await findBuyerOrder(this.db, publicId);
      return found ? [found] : [];
    });
    if (view?.userId !== userId) throw notFound("Transaction doesn't exist.");
    return toOrder(view, new Date());
  }

  async attachTxHash(userId: number, publicId: string, txHash: string): Promise<Order> {
    const view = await findBuyerOrder(this.db, publicId);
    if (view?.userId !== userId) throw notFound("Transaction doesn't exist.");
    if (view.status === 'approved' || view.status === 'rejected') throw conflict('This order is already decided; its transaction hash can no longer change.');
    const problem = txHashProblem(view.network, txHash);
    if (problem) throw invalid(problem, { txHash: problem });
    await setTxHash(this.db, view.id, txHash);
    this.events.publish({ type: 'order', userId, orderId: publicId, status: view.status });
    return this.getOwn(userId, publicId);
  }

  // ── Operator side ──────────────────────────────────────────────────────────────────────────

  async page(q: PageQuery): Promise<{ orders: AdminOrder[]; total: number; page: number; pageSize: number }> {
    // A status filter must not count orders whose status is about to change: expire first.
    if (q.status) await this.expireOverdue();
    let result = await findOrderViewPage(this.db, q);
    if (result.rows.some((r) => r.status === 'pending' && r.expiresAt.getTime() <= Date.now())) {
      await this.expireOverdue();
      result = await findOrderViewPage(this.db, q);
    }
    return { orders: result.rows.map(toAdminOrder), total: result.total, page: q.page, pageSize: q.pageSize };
  }

  /** A buyer's orders as the back-office shows them. */
  async ofUser(userId: number): Promise<AdminOrder[]> {
    return (await this.fresh(() => listOrderViewsOfUser(this.db, userId))).map(toAdminOrder);
  }

  async all(status: OrderStatus | undefined, q?: string): Promise<AdminOrder[]> {
    await this.expireOverdue();
    return (await findAllOrderViews(this.db, status, q)).map(toAdminOrder);
  }

  /**
   * Approves a pending order, or an expired one whose payment arrived late, and credits its
   * tokens and bonus in the same transaction. The update is guarded by the current status, so a
   * repeated or concurrent approval finds nothing to change and credits nothing.
   */
  async approve(actor: Actor, id: number, note: string, options: { overrideHardCap?: boolean } = {}, now = new Date()): Promise<AdminOrder> {
    await this.decide(actor, id, 'approved', note, now, options.overrideHardCap ?? false);
    this.events.publish({ type: 'sale' });
    return toAdminOrder(await this.getView(id));
  }

  async reject(actor: Actor, id: number, note: string, now = new Date()): Promise<AdminOrder> {
    await this.decide(actor, id, 'rejected', note, now);
    return toAdminOrder(await this.getView(id));
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
        const [sale, order] = await Promise.all([getSaleSettings(this.db), this.getView(id)]);
        throw new AppError(
          'over_hard_cap',
          `This expired order's ${toPlain(dec(order.tokens))} ${sale.tokenSymbol} no longer fit under the hard cap (${toPlain(dec(refusal.tokensLeft))} ${sale.tokenSymbol} left). Approve it beyond the cap only if you mean to sell more than the cap.`,
        );
      });
    this.events.publish({ type: 'order', userId: changed.userId, orderId: changed.publicId, status: to });
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

  async leaderboard(limit = 10): Promise<Leaderboard> {
    const rows = await topDepositors(this.db, limit);
    return {
      rows: rows.map((r, i) => ({ rank: i + 1, player: maskEmail(r.email), depositsUsd: toFixed(dec(r.depositsUsd), 2), level: levelOf(r.tokens)?.name ?? null })),
    };
  }
}
