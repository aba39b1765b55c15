// SQL of the order-mail job: the orders changed since its cursor, with their buyers, and the cursor.
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jobRuns, orders, users } from '../../db/schema';
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

export interface ChangedOrder {
  order: OrderRow;
  buyer: { id: number; name: string; email: string; orderMail: boolean; emailVerifiedAt: Date | null };
}

/** Orders changed after `after` (by change time, then id), oldest change first, at most `limit`. */
export async function findOrdersChangedAfter(db: Queryable, after: { at: Date; id: number }, limit: number): Promise<ChangedOrder[]> {
  return db
    .select({ order: orders, buyer: { id: users.id, name: users.name, email: users.email, orderMail: users.orderMail, emailVerifiedAt: users.emailVerifiedAt } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(sql`(${orders.updatedAt}, ${orders.id}) > (${after.at}, ${after.id})`)
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit);
}
