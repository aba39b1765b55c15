import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operators, saleSettings } from '../../db/schema';

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

/**
 * An operator with the sale's rule on two-factor sign-in, in one query: the operator guard asks
 * this on every back-office request.
 */
export async function findOperatorWithTotpRule(db: Queryable, id: number): Promise<{ operator: OperatorRow; totpRequired: boolean } | undefined> {
  const [row] = await db
    .select({
      operator: operators,
      totpRequired: sql<boolean>`coalesce((select ${saleSettings.operatorsNeedTotp} from ${saleSettings} where ${saleSettings.id} = 1), false)`,
    })
    .from(operators)
    .where(eq(operators.id, id))
    .limit(1);
  return row;
}

export async function countOperators(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(operators);
  return row?.n ?? 0;
}

export async function insertOperator(db: Queryable, login: string, passwordHash: string, role: OperatorRow['role'] = 'owner', mustChangePassword = false): Promise<OperatorRow> {
  const [row] = await db.insert(operators).values({ login, passwordHash, role, mustChangePassword }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets a password; `oneTime` when it was generated for the operator, who must then choose their own. */
export async function setOperatorPassword(db: Queryable, id: number, passwordHash: string, oneTime = false): Promise<void> {
  await db.update(operators).set({ passwordHash, mustChangePassword: oneTime, updatedAt: new Date() }).where(eq(operators.id, id));
}

export async function listOperators(db: Queryable): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.login));
}

export async function insertTeamMember(db: Queryable, values: { login: string; name: string; email: string | null; role: OperatorRow['role']; passwordHash: string }): Promise<OperatorRow> {
  const [row] = await db
    .insert(operators)
    .values({ ...values, mustChangePassword: true })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Locks the active Owners' rows (in id order) and returns their ids: role changes serialise on them. */
export async function lockActiveOwners(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), isNull(operators.disabledAt)))
    .orderBy(asc(operators.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function lockOperator(db: Queryable, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  return row;
}

export async function updateOperatorRow(db: Queryable, id: number, values: Partial<Pick<OperatorRow, 'role' | 'disabledAt' | 'identityAccess'>>, now: Date): Promise<OperatorRow | undefined> {
  const [row] = await db
    .update(operators)
    .set({ ...values, updatedAt: now })
    .where(eq(operators.id, id))
    .returning();
  return row;
}
