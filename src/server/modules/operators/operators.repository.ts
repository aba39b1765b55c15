import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operators } from '../../db/schema';

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByLogin(db: Queryable, login: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.login}) = lower(${login})`)
    .limit(1);
  return row;
}

export async function findOperatorById(db: Queryable, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function countOperators(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(operators);
  return row?.n ?? 0;
}

export async function insertOperator(db: Queryable, login: string, passwordHash: string): Promise<OperatorRow> {
  const [row] = await db.insert(operators).values({ login, passwordHash }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setOperatorPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.update(operators).set({ passwordHash, updatedAt: new Date() }).where(eq(operators.id, id));
}
