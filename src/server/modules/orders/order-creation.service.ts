// New orders: the server computes every amount from its own data and stores the quote (PRODUCT.md §6).
import { createHash } from 'node:crypto';
import type Big from 'big.js';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { VERIFY_BEFORE_ORDERING } from '@/contracts/mail';
import type { EligibilityCheck } from '@/contracts/eligibility';
import { identityRequiredRefusal } from '@/contracts/identity';
import { TERMS_NOT_ACCEPTED } from '@/contracts/terms';
import { identityRequired, type IdentityGate } from '@/domain/identity';
import type { createOrderBodySchema, Order } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { limitProblem } from '@/domain/quote';
import { openStages, quoteAcrossStages, tokensLeftIn, type StageFigures, type StageQuoteResult } from '@/domain/stages';
import type { Db, Queryable } from '../../db/client';
import { StatementBatch } from '../../db/statement-batch';
import { hardCapRefusal, identityThresholdRefusal, pendingLimitRefusal, stageCapRefusal } from '../../db/errors';
import { AppError, conflict, invalid } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import type { Eligibility } from '../eligibility/eligibility.service';
import { isOffered, isStale } from '../cryptos/cryptos.mapper';
import { usableCampaignCode } from '../referrals/campaign-codes.service';
import { findCryptoByCode, type CryptoRow } from '../cryptos/cryptos.service';
import { minimumDepositOrderUsd, NoDepositAddressLeft, type DepositAddresses } from '../payments/deposit-addresses.service';
import { findStages, getSaleSettings, lockSale, stageFigures, stateByInstants, stateOf, type SaleFigures, type SaleSettingsRow } from '../sale/sale.service';
import { recordStageClosings } from '../sale/stage-closings.service';
import { expireOverdue, firstPendingExpiry, type ExpiredOrder } from './order-changes.repository';
import { findOrderByIdempotencyKey, findPendingOrdersOfUser, insertOrder } from './order-creation.repository';
import type { OrderExpiry } from './order-expiry.service';
import { getOrderView } from './order-queries.service';
import { openDepositOrder, saleStateRefusal, tokensLeftConflict, tooManyPending } from './order-refusals';
import type { BuyerOrderView } from './order-views.repository';
import { toOrder } from './orders.mapper';
import { newPublicId } from './public-id';
import { QuickOrderBatch } from './quick-order-batch';
import { OrderAttempts, type Throttles } from './order-attempts';

type CreateBody = z.output<typeof createOrderBodySchema>;

/** How an order was asked for, beside what it asks for. */
export interface OrderRequest {
  idempotencyKey?: string | undefined;
  /** The instant the order is judged by. */
  now?: Date;
  /** The request's address, for the country check (none for an order made from a deposit). */
  address?: string | null;
  /** The request's throttles: every attempt counts on them, and they must allow it before anything is written. */
  throttles?: Throttles;
}

/** How long a crypto read for a quote is reused; the order's insert checks it against the database anyway. */
const CRYPTO_CACHE_MS = 5000;

/** An order made or found, with what its buyer's view needs. */
interface Made {
  order: BuyerOrderView;
  created: boolean;
}

/** The buyer's purchase priced across `open` stages (current first) in `crypto`. */
function quoteOf(body: CreateBody, open: Parameters<typeof quoteAcrossStages>[1], crypto: { usdPrice: string; decimals: number | null }): StageQuoteResult {
  return quoteAcrossStages(body.tokens !== undefined ? { tokens: body.tokens } : { payAmount: body.payAmount ?? '0' }, open, crypto);
}

/** The order's amounts from a quote: the first piece's rate and price stand for the order's. */
function amountsOf(quote: Extract<StageQuoteResult, { ok: true }>['quote']) {
  const [first] = quote.pieces;
  if (!first) throw new Error('a quote without pieces');
  return { tokens: quote.tokens, bonusTokens: quote.bonusTokens, payAmount: quote.payAmount, usdAmount: quote.usdAmount, rate: first.rate, priceUsd: first.priceUsd, stagePieces: quote.pieces };
}

/**
 * The stage the quick path prices in: the first stage not recorded as closed, if it is the current
 * one at `now` (not past its end: recording that closing is the checked path's).
 */
function quickStage(stages: readonly StageFigures[], now: Date): { stage: StageFigures; left: Big } | undefined {
  const first = stages.find((s) => s.closedAt === null);
  if (!first || (first.endsAt !== null && first.endsAt <= now)) return undefined;
  const left = leftOf(first);
  return left.gt(0) ? { stage: first, left } : undefined;
}

/** What a stage as last read can take, computed once per read (the figures of a read never change). */
const lefts = new WeakMap<StageFigures, Big>();
function leftOf(stage: StageFigures): Big {
  let left = lefts.get(stage);
  if (!left) lefts.set(stage, (left = tokensLeftIn(stage)));
  return left;
}

/** The buyer must verify their identity first: what the threshold is and where to go (409: they can put it right). */
function unverified(identity: IdentityGate): AppError {
  return conflict(identityRequiredRefusal(toPlain(dec(identity.thresholdUsd ?? '0'))));
}

function fingerprint(body: CreateBody): string {
  return createHash('sha256')
    .update(JSON.stringify([body.crypto.toUpperCase(), body.tokens ?? null, body.payAmount ?? null, ...(body.campaignCode ? [body.campaignCode.toUpperCase()] : [])]))
    .digest('hex');
}

export class OrderCreation {
  /** Cryptos as last read, by code (see offeredCrypto). */
  private readonly cryptos = new LRUCache<string, CryptoRow>({ max: 1000, ttl: CRYPTO_CACHE_MS });
  private readonly quick: QuickOrderBatch;
  private readonly attempts: OrderAttempts;
  /**
   * The sale as committed now, for checked orders while the sale as last read is not live: one
   * consistent read shared by the orders that arrive together (see `refusedUnlocked`).
   */
  private readonly saleNow = new StatementBatch<null, { sale: SaleSettingsRow; stages: StageFigures[]; firstExpiry: Date | null }>(async (waiting) => {
    const read = await this.db.transaction(async (tx) => ({ sale: await getSaleSettings(tx), stages: stageFigures(await findStages(tx)), firstExpiry: await firstPendingExpiry(tx) }), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    for (const w of waiting) w.resolve(read);
  });

  constructor(
    private readonly db: Db,
    private readonly options: { rateMaxAgeMinutes: number; orderExpiryUnitMs: number },
    private readonly events: EventBus,
    private readonly sale: SaleFigures,
    private readonly expiry: OrderExpiry,
    private readonly deposits: DepositAddresses,
    private readonly eligibility: Pick<Eligibility, 'beforeOrder' | 'judge' | 'refusalOf' | 'recordRefusal'>,
  ) {
    this.quick = new QuickOrderBatch(db);
    this.attempts = new OrderAttempts(db);
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
  async create(userId: number, body: CreateBody, { idempotencyKey, now = new Date(), address = null, throttles }: OrderRequest = {}): Promise<{ order: Order; created: boolean }> {
    const print = fingerprint(body);
    // What ordering asks of the buyer, in one query (issues 14 and 34): a verified address if the
    // operator asks for it, the current terms accepted on record, a country that is not restricted
    // (by declaration or by the request's address: the check is stored with the order), and the
    // identity gate's inputs (decision 041; the order's USD decides once quoted). Read in the
    // statement that counts the throttles (`OrderAttempts`): a refused attempt only read.
    const [{ requireVerifiedEmail }, buyer] = await Promise.all([
      this.sale.settings(),
      throttles ? this.attempts.take(userId, throttles).then((inputs) => this.eligibility.judge(inputs, address, now)) : this.eligibility.beforeOrder(userId, address, now),
    ]);
    const { check: eligibility, identity } = buyer;
    const countryRefusal = this.eligibility.refusalOf(eligibility);
    const refusal =
      requireVerifiedEmail && !buyer.emailVerified
        ? new AppError('forbidden', VERIFY_BEFORE_ORDERING)
        : !buyer.termsAccepted
          ? conflict(TERMS_NOT_ACCEPTED)
          : (countryRefusal ?? (identityRequired(identity) ? unverified(identity) : null));
    if (refusal) {
      // A repeated Idempotency-Key names an order made before the refusal's cause arose (new terms, a
      // changed country list): the same key returns the same order.
      const replayed = idempotencyKey ? await this.replayed(this.db, userId, idempotencyKey, print) : undefined;
      if (replayed) return { order: toOrder(replayed.order, new Date()), created: false };
      if (refusal === countryRefusal) await this.eligibility.recordRefusal(userId, eligibility, now);
      throw refusal;
    }
    const made = (await this.createQuick(userId, body, idempotencyKey, print, eligibility, identity, now)) ?? (await this.createChecked(userId, body, idempotencyKey, print, eligibility, identity, now));
    if (made.created) this.events.publish({ type: 'order', userId, orderId: made.order.publicId, status: made.order.status });
    return { order: toOrder(made.order, new Date()), created: made.created };
  }

  /** The order a repeated Idempotency-Key names, if any; the key used for a different order is refused. */
  private async replayed(tx: Queryable, userId: number, idempotencyKey: string, print: string): Promise<Made | undefined> {
    const existing = await findOrderByIdempotencyKey(tx, userId, idempotencyKey);
    if (!existing) return undefined;
    if (existing.requestFingerprint !== print) throw conflict('This Idempotency-Key was already used for a different order.');
    return { order: await getOrderView(tx, existing.id), created: false };
  }

  private async createQuick(userId: number, body: CreateBody, idempotencyKey: string | undefined, print: string, eligibility: EligibilityCheck, identity: IdentityGate, now: Date): Promise<Made | undefined> {
    // A campaign code is looked up and recorded by the checked path; orders without one stay quick.
    if (body.campaignCode) return undefined;
    const code = body.crypto.toUpperCase();
    const [{ settings: sale, stages }, crypto] = await Promise.all([this.sale.withStages(), this.offeredCrypto(code)]);
    if (!crypto || !isOffered(crypto) || isStale(crypto, now, this.options.rateMaxAgeMinutes)) return undefined;
    // Orders paid to the buyer's own deposit address need one handed out: the checked path does that.
    if (await this.deposits.isAutomaticCached(crypto)) return undefined;
    // Live by its instants and not sold out; a stage on sale is checked next (the checked path says why not).
    if (stateByInstants(sale, sale.tokensSold, now) !== 'live') return undefined;
    // Only a purchase that fits in the current stage as last read; one that spans a boundary is the checked path's.
    const current = quickStage(stages, now);
    if (!current) return undefined;
    const { stage } = current;
    const quoted = quoteOf(body, [current], { usdPrice: crypto.usdPrice, decimals: crypto.decimals });
    if (!quoted.ok || quoted.quote.pieces.length !== 1) return undefined;
    const { stagePieces, rate, priceUsd, ...quote } = amountsOf(quoted.quote);
    if (limitProblem(quote.tokens, sale.tokenSymbol)) return undefined;
    // Passing the identity threshold: the checked path names the refusal (after any repeated key).
    if (identityRequired(identity, quote.usdAmount)) return undefined;
    try {
      const row = await this.quick.insert({
        publicId: newPublicId(),
        userId,
        crypto,
        stageId: stage.id,
        priceUsd,
        rate,
        stagePieces,
        orderExpiryMinutes: sale.orderExpiryMinutes,
        expiresAt: this.windowEnd(now, sale.orderExpiryMinutes),
        ...quote,
        idempotencyKey: idempotencyKey ?? null,
        requestFingerprint: print,
        now,
        freshRatesSince: new Date(now.getTime() - this.options.rateMaxAgeMinutes * 60_000),
        eligibility,
      });
      return row ? { order: { ...row, cryptoName: crypto.name }, created: true } : undefined;
    } catch (error) {
      // The checked path reads everything afresh and names the refusal.
      if (hardCapRefusal(error) || pendingLimitRefusal(error) || stageCapRefusal(error) || identityThresholdRefusal(error)) return undefined;
      throw error;
    }
  }

  /** The crypto as last read (at most `CRYPTO_CACHE_MS` ago): only a quote's starting point, never trusted alone. */
  /** When a window opened at `now` closes: the sale's order expiry, in the server's unit (ORDER_EXPIRY_UNIT). */
  private windowEnd(now: Date, orderExpiry: number): Date {
    return new Date(now.getTime() + orderExpiry * this.options.orderExpiryUnitMs);
  }

  private async offeredCrypto(code: string): Promise<CryptoRow | undefined> {
    return this.cryptos.get(code) ?? this.rememberCrypto(await findCryptoByCode(this.db, code));
  }

  private rememberCrypto(row: CryptoRow | undefined): CryptoRow | undefined {
    if (row) this.cryptos.set(row.code, row);
    return row;
  }

  private async createCheckedInTx(userId: number, body: CreateBody, idempotencyKey: string | undefined, print: string, eligibility: EligibilityCheck, identity: IdentityGate, now: Date): Promise<Made> {
    let released: ExpiredOrder[] = [];
    let closed = 0;
    const made = await this.db.transaction(async (tx): Promise<Made> => {
      // One checked order at a time: the hard-cap check below must see every order made before this one.
      const locked = await lockSale(tx);
      const replayed = idempotencyKey ? await this.replayed(tx, userId, idempotencyKey, print) : undefined;
      if (replayed) return replayed;
      // Overdue orders still hold their tokens in the sale's totals until they expire: release them first.
      released = await expireOverdue(tx, now);
      // Stages past their end are closed from that instant: recorded now, their unsold tokens move on
      // first. What happens to unsold tokens is a setting, unchanged under the lock taken above.
      closed = (await recordStageClosings(tx, locked, now)).length;
      const [sale, stages] = await Promise.all([getSaleSettings(tx), findStages(tx).then(stageFigures)]);
      // A change this instance has not heard of yet (another instance's, or made in the database): quote from it next time.
      this.sale.notice(sale);
      const notLive = saleStateRefusal(sale, stateOf(sale, stages, sale.tokensSold, now));
      if (notLive) throw notLive;

      const crypto = this.rememberCrypto(await findCryptoByCode(tx, body.crypto.toUpperCase()));
      if (!crypto) throw invalid('This cryptocurrency is not accepted.', { crypto: 'This cryptocurrency is not accepted.' });
      // A rate kept from before its USD price could be known (never fetched since a token-price change) prices nothing.
      if (crypto.enabled && crypto.address && crypto.rate !== null && crypto.usdPrice === null) throw conflict(`The ${crypto.code} rate is out of date. Try again in a few minutes or choose another cryptocurrency.`);
      if (!isOffered(crypto)) throw conflict(`${crypto.name} is not accepted at the moment. Choose another cryptocurrency.`);
      if (isStale(crypto, now, this.options.rateMaxAgeMinutes)) throw conflict(`The ${crypto.code} rate is out of date. Try again in a few minutes or choose another cryptocurrency.`);

      const quoted = quoteOf(body, openStages(stages, now, sale.unsoldStageTokens), { usdPrice: crypto.usdPrice, decimals: crypto.decimals });
      if (!quoted.ok && quoted.reason === 'no_rate') throw conflict(`${crypto.name} is worth too little to buy tokens at this stage's price. Choose another cryptocurrency.`);
      if (!quoted.ok) throw tokensLeftConflict(quoted.tokensLeft, sale.tokenSymbol);
      const { stagePieces, rate, priceUsd, ...quote } = amountsOf(quoted.quote);
      const problem = limitProblem(quote.tokens, sale.tokenSymbol);
      if (problem) throw invalid(problem.message, { [body.tokens !== undefined ? 'tokens' : 'payAmount']: problem.message });
      // The buyer's approved and pending orders with this one would pass the identity threshold (decision 041).
      if (identityRequired(identity, quote.usdAmount)) throw unverified(identity);

      // Refused at the field before anything else is checked about the buyer's orders.
      const campaign = body.campaignCode ? await usableCampaignCode(tx, body.campaignCode, now) : null;

      const open = await findPendingOrdersOfUser(tx, userId);
      if (open.length >= sale.maxPendingOrders) throw tooManyPending(sale.maxPendingOrders, open);

      const left = dec(sale.hardCap).minus(sale.tokensCommitted);
      if (dec(quote.tokens).gt(left)) throw tokensLeftConflict(left.gt(0) ? toPlain(left) : '0', sale.tokenSymbol);

      const deposit = await this.deposits.assign(tx, userId, crypto);
      const minimum = deposit ? await minimumDepositOrderUsd(tx, crypto) : null;
      if (minimum !== null && dec(quote.usdAmount).lt(minimum)) {
        const message = `Orders in ${crypto.code} start at ${toPlain(dec(minimum))} USD: moving a smaller payment out of its address would cost too large a share of it.`;
        throw invalid(message, { [body.tokens !== undefined ? 'tokens' : 'payAmount']: message });
      }
      const sameCurrency = deposit && open.find((o) => o.cryptoCode === crypto.code && o.depositAddressId !== null);
      if (sameCurrency) throw openDepositOrder(crypto.code, sameCurrency.publicId);
      try {
        const row = await insertOrder(tx, {
          publicId: newPublicId(),
          userId,
          cryptoCode: crypto.code,
          address: deposit?.address ?? crypto.address,
          depositAddressId: deposit?.id ?? null,
          network: crypto.network,
          chainId: crypto.chainId,
          tokenContract: crypto.tokenContract,
          decimals: crypto.decimals,
          status: 'pending',
          ...quote,
          rate,
          priceUsd,
          stagePieces,
          campaignCodeId: campaign?.id ?? null,
          idempotencyKey: idempotencyKey ?? null,
          requestFingerprint: print,
          eligibility,
          expiresAt: this.windowEnd(now, sale.orderExpiryMinutes),
          createdAt: now,
          updatedAt: now,
        });
        return { order: { ...row, cryptoName: crypto.name }, created: true };
      } catch (error) {
        // The database's own check of the hard cap agrees with the one above; this only names it.
        const refusal = hardCapRefusal(error);
        if (refusal) throw tokensLeftConflict(toPlain(dec(refusal.tokensLeft)), sale.tokenSymbol);
        // Every stage was read under the sale's lock, so this too is only the database agreeing.
        const stageRefusal = stageCapRefusal(error);
        if (stageRefusal) throw conflict(`This order would exceed the tokens left in its stage (${toPlain(dec(stageRefusal.tokensLeft))} ${sale.tokenSymbol} available). Try again.`);
        // The check above ran under the sale's lock, so this is only the database agreeing with it.
        if (pendingLimitRefusal(error)) throw tooManyPending(sale.maxPendingOrders, []);
        // The gate above was read before the sale's lock: another order of the buyer's made since
        // (arriving with this one) took them to the threshold, and the database, under the lock, saw it.
        const identityRefusal = identityThresholdRefusal(error);
        if (identityRefusal) throw unverified({ ...identity, thresholdUsd: identityRefusal.thresholdUsd });
        throw error;
      }
    });
    this.expiry.announce(released);
    // A stage whose end passed is closed now: every instance's sale figures (and every page) hear of
    // it, so the orders after this one take the quick path in the next stage instead of this one.
    if (closed > 0) this.events.publish({ type: 'sale' });
    return made;
  }

  /**
   * Why the sale takes no order at `now`, judged without the sale's lock, or null when only the
   * locked path can tell. When a stage sells out on a launch, hundreds of orders a second are
   * refused, and each waited for the lock in turn only to read that the sale is sold out.
   * A refusal needs no lock: the sale as committed was not live at `now`. Overdue orders give their
   * tokens back and a stage past its end passes its tokens on only once recorded under the lock, so
   * then the locked path decides.
   */
  private async refusedUnlocked(now: Date): Promise<AppError | null> {
    const cached = await this.sale.withStages();
    if (stateOf(cached.settings, cached.stages, cached.settings.tokensSold, now) === 'live') return null;
    const { sale, stages, firstExpiry } = await this.saleNow.call(null);
    this.sale.notice(sale);
    if (firstExpiry !== null && firstExpiry <= now) return null;
    if (stages.some((s) => s.closedAt === null && s.endsAt !== null && s.endsAt <= now)) return null;
    return saleStateRefusal(sale, stateOf(sale, stages, sale.tokensSold, now));
  }

  private async createChecked(userId: number, body: CreateBody, idempotencyKey: string | undefined, print: string, eligibility: EligibilityCheck, identity: IdentityGate, now: Date): Promise<Made> {
    const refusal = await this.refusedUnlocked(now);
    if (refusal) {
      // The same key returns the order it made before the sale stopped taking orders.
      const replayed = idempotencyKey ? await this.replayed(this.db, userId, idempotencyKey, print) : undefined;
      if (replayed) return replayed;
      throw refusal;
    }
    try {
      return await this.createCheckedInTx(userId, body, idempotencyKey, print, eligibility, identity, now);
    } catch (error) {
      // Rolled back with the order: the operator is told once, in a transaction of its own.
      if (error instanceof NoDepositAddressLeft) await this.deposits.noteRanOut(error, now);
      throw error;
    }
  }
}
