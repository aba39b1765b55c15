// SQL of the payments seen on every chain: handing them to orders, late payments, unallocated deposits.
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { Db, Queryable } from '../../db/client';
import { depositAddresses, orders, payments, users } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The chain payments were seen on: an EVM chain by id, a Bitcoin-family chain, or TRON. */
export type PaymentChain = { network: 'evm'; chainId: number } | { network: UtxoChain | 'tron' };

function onChain(on: PaymentChain) {
  return on.network === 'evm' ? and(eq(payments.network, 'evm'), eq(payments.chainId, on.chainId)) : eq(payments.network, on.network);
}

/**
 * Stores payments not seen before; a payment already stored (a re-scan) is left as it is, unless a
 * reorganisation took it back and a later block mined it again: the same transaction (EVM, TRON: the
 * same key) is on the chain again, in its new block, and counts from there. When it was paid stays
 * as first written (decision 024). All `rows` are of one chain.
 */
export async function insertPayments(db: Queryable, rows: NewPayment[], now = new Date()): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await db.insert(payments).values(rows).onConflictDoNothing().returning({ id: payments.id });
  if (inserted.length === rows.length) return;
  const [first] = rows;
  const network = first?.network ?? 'evm';
  const chainId = first?.chainId ?? null;
  await db.execute(sql`
    update ${payments} as p
       set state = 'seen', block_number = v.block_number, block_hash = v.block_hash, updated_at = ${now}
      from unnest(${sql.param(rows.map((r) => r.txHash))}::text[], ${sql.param(rows.map((r) => r.logIndex))}::integer[], ${sql.param(rows.map((r) => r.toAddress))}::text[],
                  ${sql.param(rows.map((r) => (r.blockNumber === null || r.blockNumber === undefined ? null : String(r.blockNumber))))}::bigint[], ${sql.param(rows.map((r) => r.blockHash))}::text[]) as v(tx_hash, log_index, to_address, block_number, block_hash)
     where p.state = 'reverted' and p.network = ${network} and p.chain_id is not distinct from ${chainId}::integer and p.tx_hash = v.tx_hash
       and case when p.network = 'evm' then p.log_index = v.log_index else p.to_address = v.to_address end`);
}

/** Payments in blocks a reorganisation replaced (EVM, TRON): they are no longer on the chain. */
export async function revertPaymentsFrom(db: Queryable, on: PaymentChain, fromBlock: bigint, now: Date): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ state: 'reverted', updatedAt: now })
    .where(and(onChain(on), gte(payments.blockNumber, fromBlock), inArray(payments.state, ['seen', 'confirmed'])))
    .returning();
}

/** Seen payments at or below the confirmed height become confirmed (EVM, TRON). */
export async function confirmPaymentsUpTo(db: Queryable, on: PaymentChain, height: bigint, now: Date): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ state: 'confirmed', updatedAt: now })
    .where(and(onChain(on), eq(payments.state, 'seen'), lte(payments.blockNumber, height)))
    .returning();
}

/** Payments on the chain (seen or confirmed) that no order holds yet and no operator dismissed. */
export async function findUnassignedPayments(db: Queryable, on: PaymentChain): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(onChain(on), inArray(payments.state, ['seen', 'confirmed']), isNull(payments.orderId), isNull(payments.dismissedAt), isNotNull(payments.userId)))
    .orderBy(payments.blockNumber, payments.logIndex);
}

/** Holds a payment for an order, unless another order already holds it. */
export async function assignPayment(db: Queryable, paymentId: number, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ orderId, updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * Holds a payment made after its pending order's window closed (its `paidAt` past the order's
 * `expiresAt`; the expiry job has not run yet) and, in the same transaction, expires the order as
 * the job would have: the payment is then late, as one to an expired order is, and waits for the
 * operator (decision 024). False when another order already holds the payment.
 */
export async function assignLatePayment(db: Db, paymentId: number, orderId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ orderId, updatedAt: now })
      .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
      .returning({ paidAt: payments.paidAt });
    if (!payment) return false;
    await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), lt(orders.expiresAt, payment.paidAt)));
    return true;
  });
}

/**
 * When the order's payments (not reverted) were made against its window, by the chain's instant:
 * whether one came after it (a late one, for the operator), and whether a confirmed one came within it.
 */
export async function paymentTiming(db: Queryable, orderId: number): Promise<{ late: boolean; confirmedInWindow: boolean }> {
  const [row] = await db
    .select({
      late: sql<boolean>`coalesce(bool_or(${payments.paidAt} > ${orders.expiresAt}), false)`,
      confirmedInWindow: sql<boolean>`coalesce(bool_or(${payments.state} = 'confirmed' and ${payments.paidAt} <= ${orders.expiresAt}), false)`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['seen', 'confirmed'])));
  return { late: row?.late ?? false, confirmedInWindow: row?.confirmedInWindow ?? false };
}

/** The stored payments of a transaction (one per output or log), with the order and buyer each belongs to. */
export async function findPaymentsOfTx(db: Queryable, txHash: string): Promise<{ orderId: number | null; userId: number | null }[]> {
  return db
    .select({ orderId: payments.orderId, userId: payments.userId })
    .from(payments)
    .where(sql`lower(${payments.txHash}) = ${txHash.toLowerCase()}`);
}

export async function findOrderPayments(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.blockNumber, payments.logIndex);
}

/**
 * The order a payment to a buyer's deposit address is for: their pending order in that currency
 * (at most one, by a unique index), else the latest one that expired within `lateSince`. Only an
 * order that existed when the payment was seen: money sent before ordering is not taken to pay a
 * later order behind the operator's back (it stays unallocated for them).
 */
export async function findOrderForPayment(
  db: Queryable,
  userId: number,
  on: PaymentChain,
  tokenContract: string | null,
  lateSince: Date,
  seenAt: Date,
): Promise<{ id: number; status: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.depositAddressId),
        eq(orders.network, on.network),
        on.network === 'evm' ? eq(orders.chainId, on.chainId) : undefined,
        // EVM contracts are stored lower-case, TRON's in base58 (whose case matters, but two contracts never differ by case alone).
        tokenContract === null ? isNull(orders.tokenContract) : sql`lower(${orders.tokenContract}) = lower(${tokenContract})`,
        sql`(${orders.status} = 'pending' or (${orders.status} = 'expired' and ${orders.expiresAt} >= ${lateSince}))`,
        lte(orders.createdAt, seenAt),
      ),
    )
    .orderBy(sql`${orders.status} = 'pending' desc`, desc(orders.createdAt))
    .limit(1);
  return row;
}

/** The status of the order a payment belongs to, read in the caller's transaction. */
export async function findPaidOrder(db: Queryable, orderId: number): Promise<{ publicId: string; status: string } | undefined> {
  const [row] = await db.select({ publicId: orders.publicId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The payments held by these orders, oldest first. */
export async function findPaymentsOfOrders(db: Queryable, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.blockNumber, payments.logIndex);
}

/** Orders holding a payment still short of its confirmations on this chain, with that payment's hash. */
export async function findOrdersAwaitingConfirmations(db: Queryable, on: PaymentChain): Promise<{ orderId: number; txHash: string }[]> {
  const rows = await db
    .select({ orderId: payments.orderId, txHash: payments.txHash })
    .from(payments)
    .where(and(onChain(on), eq(payments.state, 'seen'), isNotNull(payments.orderId)));
  return rows.flatMap((r) => (r.orderId === null ? [] : [{ orderId: r.orderId, txHash: r.txHash }]));
}

/**
 * Pending orders holding a confirmed payment on the chain: judged again on every tick, so an order
 * whose judgement failed once (a lost connection, a stop between confirming and approving) is not
 * left pending with its payment in.
 */
export async function findPendingOrdersWithConfirmedPayments(db: Queryable, on: PaymentChain): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.status, 'pending'), onChain(on), eq(payments.state, 'confirmed')));
  return rows.map((r) => r.orderId);
}

/**
 * The token contracts pending deposit orders on the chain were quoted in: watched beside the ones on
 * offer, so an order whose currency's contract an operator changed is still paid as its QR code says.
 */
export async function findPendingOrderTokenContracts(db: Queryable, on: { network: 'evm'; chainId: number } | { network: 'tron' }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ contract: orders.tokenContract })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), isNotNull(orders.depositAddressId), eq(orders.network, on.network), on.network === 'evm' ? eq(orders.chainId, on.chainId) : undefined, isNotNull(orders.tokenContract)));
  return rows.flatMap((r) => (r.contract ? [on.network === 'evm' ? r.contract.toLowerCase() : r.contract] : []));
}

/** Deposits on the chain that no order holds and no operator dismissed, newest first, with their buyer. */
export async function findUnallocated(db: Queryable, lateBefore: Date): Promise<(PaymentRow & { buyerEmail: string })[]> {
  const rows = await db
    .select({ payment: payments, buyerEmail: users.email })
    .from(payments)
    .innerJoin(users, eq(payments.userId, users.id))
    .where(and(isNull(payments.orderId), isNull(payments.dismissedAt), inArray(payments.state, ['seen', 'confirmed']), lte(payments.createdAt, lateBefore)))
    .orderBy(desc(payments.createdAt));
  return rows.map((r) => ({ ...r.payment, buyerEmail: r.buyerEmail }));
}

/** Marks an unallocated deposit dismissed; false when it is not (any more) unallocated. */
export async function dismissPayment(db: Queryable, id: number, note: string, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ dismissedAt: now, dismissNote: note, updatedAt: now })
    .where(and(eq(payments.id, id), isNull(payments.orderId), isNull(payments.dismissedAt)))
    .returning();
  return row;
}

/** An unallocated deposit, locked until the transaction ends, with the deposit address it reached. */
export async function lockUnallocatedPayment(db: Queryable, id: number): Promise<(PaymentRow & { depositAddressId: number }) | undefined> {
  const [row] = await db
    .select({ payment: payments, depositAddressId: depositAddresses.id })
    .from(payments)
    .innerJoin(depositAddresses, eq(depositAddresses.address, payments.toAddress))
    .where(and(eq(payments.id, id), isNull(payments.orderId), isNull(payments.dismissedAt), inArray(payments.state, ['seen', 'confirmed'])))
    .for('update', { of: payments });
  return row ? { ...row.payment, depositAddressId: row.depositAddressId } : undefined;
}
