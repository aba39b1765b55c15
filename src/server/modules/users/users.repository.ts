import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { ledgerEntries, orders, users } from '../../db/schema';

export interface UserWithBalance {
  id: number;
  name: string;
  email: string;
  phone: string;
  receivingWallet: string | null;
  country: string | null;
  createdAt: Date;
  balance: string;
}

/** `%text%` for ILIKE with the pattern characters in the search taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  receivingWallet: users.receivingWallet,
  country: users.country,
  createdAt: users.createdAt,
  // A scalar subquery runs only for the rows of the page, so the page stays cheap at any size.
  // Qualified by hand: inside a subquery an unqualified "id" would be the ledger's own column.
  balance: sql<string>`(select coalesce(sum(le.amount), 0)::text from ledger_entries le where le.user_id = "users"."id")`,
};

export async function findUserPage(db: Queryable, q: string, page: number, pageSize: number): Promise<{ rows: UserWithBalance[]; total: number }> {
  const where: SQL | undefined = q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findAllUsers(db: Queryable): Promise<UserWithBalance[]> {
  return db.select(columns).from(users).orderBy(desc(users.createdAt), desc(users.id));
}

export async function findUserWithBalance(db: Queryable, id: number): Promise<UserWithBalance | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findLedger(db: Queryable, userId: number) {
  return db
    .select({ id: ledgerEntries.id, kind: ledgerEntries.kind, amount: ledgerEntries.amount, orderId: orders.publicId, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
}
