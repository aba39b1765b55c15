import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, users } from '../../db/schema';

/** Top buyers by approved deposits in USD. */
export async function topDepositors(db: Queryable, limit: number): Promise<{ email: string; depositsUsd: string; tokens: string }[]> {
  return db
    .select({
      email: users.email,
      depositsUsd: sql<string>`sum(${orders.usdAmount})::text`,
      // Qualified by hand: inside a subquery an unqualified "id" would be the ledger's own column.
      tokens: sql<string>`coalesce((select sum(le.amount) from ledger_entries le where le.user_id = "users"."id"), 0)::text`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, 'approved'))
    .groupBy(users.id, users.email)
    .orderBy(desc(sql`sum(${orders.usdAmount})`), asc(users.id))
    .limit(limit);
}
