// SQL of the order-mail job: the orders changed since its cursor, with their buyers, and the cursor.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jobRuns, mailOutbox, orders, users } from '../../db/schema';
import type { OrderRow } from './order-views.repository';

const CURSOR = 'order-mail-cursor';

export async function readOrderMailCursor(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.select({ at: jobRuns.lastRunAt }).from(jobRuns).where(eq(jobRuns.name, CURSOR));
  return row?.at;
}

/** Moves the cursor forward, never back (two instances may run the job at once). */
export async function writeOrderMailCursor(db: Queryable, at: Date): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name: CURSOR, lastRunAt: at })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: sql`greatest(${jobRuns.lastRunAt}, excluded.last_run_at)` } });
}

/** What an order's messages say of it: the columns the job reads, not the whole row. */
const mailedColumns = {
  id: orders.id,
  publicId: orders.publicId,
  status: orders.status,
  cryptoCode: orders.cryptoCode,
  network: orders.network,
  chainId: orders.chainId,
  address: orders.address,
  tokenContract: orders.tokenContract,
  decimals: orders.decimals,
  payAmount: orders.payAmount,
  tokens: orders.tokens,
  bonusTokens: orders.bonusTokens,
  txHash: orders.txHash,
  depositAddressId: orders.depositAddressId,
  decisionNote: orders.decisionNote,
  expiresAt: orders.expiresAt,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export type MailedOrder = Pick<OrderRow, keyof typeof mailedColumns>;

export interface ChangedOrder {
  order: MailedOrder;
  buyer: { id: number; name: string; email: string; orderMail: boolean; emailVerifiedAt: Date | null };
}

/**
 * The dedupe key of the last message an order's state calls for (`kindsOf` in the service): an order
 * whose key is queued has had every message of its state, and is not read again. Orders are read
 * again for a while behind the cursor (its overlap), and on a launch day that overlap holds
 * thousands of orders already mailed: they stay in the database instead of crossing to the server.
 */
const lastMessageKey = sql`'order:' || ${orders.publicId} || ':' || case ${orders.status}
  when 'pending' then case when ${orders.depositAddressId} is not null and ${orders.txHash} is not null then 'order-payment-seen' else 'order-created' end
  when 'approved' then 'order-approved' when 'rejected' then 'order-rejected' when 'expired' then 'order-expired' else '' end`;

/** Orders changed after `after` (by change time, then id) whose messages are not all queued, oldest change first, at most `limit`. */
export async function findOrdersChangedAfter(db: Queryable, after: { at: Date; id: number }, limit: number): Promise<ChangedOrder[]> {
  return db
    .select({ order: mailedColumns, buyer: { id: users.id, name: users.name, email: users.email, orderMail: users.orderMail, emailVerifiedAt: users.emailVerifiedAt } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(sql`(${orders.updatedAt}, ${orders.id}) > (${after.at}, ${after.id})`, sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.dedupeKey} = ${lastMessageKey})`))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit);
}
