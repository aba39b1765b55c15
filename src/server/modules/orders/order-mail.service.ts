// Order messages by e-mail (issue 14): created (with the address and a QR code), payment seen (for
// watched payments), approved (with the new balance and level), rejected (with the operator's note)
// and expired (with a link to buy again).
//
// The mail job asks for them before each send: the orders changed since its cursor are read in one
// query and their messages queued in one statement, once per event (the outbox's dedupe key, so two
// instances or an overlapping window queue nothing twice), to be rendered when sent. Placing and
// deciding orders pays nothing for it. A buyer who turned order updates off still gets decisions.
import { plain } from '@/domain/decimal';
import { levelOf } from '@/domain/levels';
import type { Network } from '@/domain/networks';
import { paymentUri } from '@/domain/payment';
import type { Db } from '../../db/client';
import { greetingName, queuedMailKeys, queueOrderMails, type OrderMailData, type OrderMailDraft, type OrderMailKind } from '../mail/mail.service';
import { getMe } from '../me/me.service';
import { getSaleSettings } from '../sale/sale.service';
import { findOrdersChangedAfter, readOrderMailCursor, writeOrderMailCursor, type ChangedOrder } from './order-mail.repository';

/** Changes are read again this far behind the cursor: a transaction that committed late is not missed. */
const OVERLAP_MS = 15_000;
/** Batches per run at most; the rest waits for the next run. */
const MAX_BATCHES = 20;
/** An order-created message goes only for an order this fresh. */
const CREATED_WITHIN_MS = 10 * 60_000;
const BATCH = 500;

/** Messages a buyer may turn off; decisions always go. */
const OPTIONAL: ReadonlySet<OrderMailKind> = new Set(['order-created', 'order-payment-seen', 'order-expired']);

const NETWORK_NAMES: Record<Network, string> = { bitcoin: 'Bitcoin', litecoin: 'Litecoin', dogecoin: 'Dogecoin', evm: 'EVM', tron: 'Tron', solana: 'Solana', other: 'its network' };

/** The messages an order's current state calls for (the last of them is `lastMessageKey` in the repository: keep the two alike). */
function kindsOf({ order, buyer }: ChangedOrder, now: Date): OrderMailKind[] {
  const kinds: OrderMailKind[] = [];
  if (order.status === 'pending') {
    if (now.getTime() - order.createdAt.getTime() < CREATED_WITHIN_MS) kinds.push('order-created');
    if (order.depositAddressId !== null && order.txHash !== null) kinds.push('order-payment-seen');
  } else if (order.status === 'approved') kinds.push('order-approved');
  else if (order.status === 'rejected') kinds.push('order-rejected');
  else if (order.status === 'expired') kinds.push('order-expired');
  // A withdrawn order's messages are queued by the withdrawal itself, in its transaction.
  return kinds.filter((k) => buyer.orderMail || !OPTIONAL.has(k));
}


/** The buyer's page of an order, as mails link it. */
export function orderPageLink(publicUrl: string, publicId: string): string {
  return `${publicUrl}/dashboard/transaction?order=${encodeURIComponent(publicId)}`;
}
export class OrderMail {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** Queues the messages of orders changed since the last run; returns how many were queued. */
  async queueDue(now = new Date()): Promise<number> {
    const cursor = await readOrderMailCursor(this.db);
    // The first run starts the clock: orders changed before e-mail existed get no messages.
    if (!cursor) {
      await writeOrderMailCursor(this.db, now);
      return 0;
    }
    let after = { at: new Date(cursor.getTime() - OVERLAP_MS), id: 0 };
    let count = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const changed = await findOrdersChangedAfter(this.db, after, BATCH);
      count += await this.queueFor(changed, now);
      const last = changed.at(-1);
      if (!last) break;
      after = { at: last.order.updatedAt, id: last.order.id };
      if (changed.length < BATCH) break;
    }
    if (after.at > cursor) await writeOrderMailCursor(this.db, after.at);
    return count;
  }

  private async queueFor(changed: ChangedOrder[], now: Date): Promise<number> {
    const wanted = changed.flatMap((c) => kindsOf(c, now).map((kind) => ({ c, kind, key: `order:${c.order.publicId}:${kind}` })));
    const queued = await queuedMailKeys(
      this.db,
      wanted.map((w) => w.key),
    );
    const todo = wanted.filter((w) => !queued.has(w.key));
    if (todo.length === 0) return 0;
    const sale = await getSaleSettings(this.db);
    const drafts: OrderMailDraft[] = [];
    for (const { c, kind, key } of todo) {
      const data = this.dataOf(c, sale.tokenSymbol);
      drafts.push({ kind, to: c.buyer.email, userId: c.buyer.id, data: kind === 'order-approved' ? { ...data, ...(await this.balanceOf(c.buyer.id)) } : data, dedupeKey: key });
    }
    return queueOrderMails(this.db, drafts, now);
  }

  private dataOf({ order, buyer }: ChangedOrder, symbol: string): OrderMailData {
    const payAmount = plain(order.payAmount);
    return {
      name: greetingName(buyer) ?? '',
      orderId: order.publicId,
      link: orderPageLink(this.publicUrl, order.publicId),
      code: order.cryptoCode,
      network: order.network === 'evm' && order.chainId !== null ? `EVM chain ${String(order.chainId)}` : NETWORK_NAMES[order.network],
      address: order.address,
      payAmount,
      paymentUri: paymentUri({ network: order.network, address: order.address, payAmount, chainId: order.chainId, tokenContract: order.tokenContract, decimals: order.decimals }),
      expiresAt: order.expiresAt.toISOString(),
      tokens: plain(order.tokens),
      bonusTokens: plain(order.bonusTokens),
      symbol,
      note: order.decisionNote,
      txHash: order.txHash,
      buyLink: `${this.publicUrl}/dashboard/buy-token`,
    };
  }

  private async balanceOf(userId: number): Promise<{ balance: string; level: string | null }> {
    const me = await getMe(this.db, userId);
    return { balance: me.balance, level: levelOf(me.balance)?.name ?? null };
  }
}
