// SQL of two-factor sign-in: the TOTP columns of users (buyers) and operators, and recovery codes.
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operators, recoveryCodes, saleSettings, users } from '../../db/schema';

export type SubjectKind = 'buyer' | 'operator';

export interface TotpRow {
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
}

const tableOf = (kind: SubjectKind) => (kind === 'buyer' ? users : operators);

export async function findTotp(db: Queryable, kind: SubjectKind, id: number): Promise<TotpRow | undefined> {
  const t = tableOf(kind);
  const [row] = await db.select({ totpSecret: t.totpSecret, totpEnabledAt: t.totpEnabledAt, totpLastStep: t.totpLastStep }).from(t).where(eq(t.id, id));
  return row;
}

export async function setTotp(db: Queryable, kind: SubjectKind, id: number, values: Partial<TotpRow>): Promise<void> {
  const t = tableOf(kind);
  await db.update(t).set(values).where(eq(t.id, id));
}

/** Records `step` as used, only if it is later than the last one used: a code works once. */
export async function claimTotpStep(db: Queryable, kind: SubjectKind, id: number, step: number): Promise<boolean> {
  const t = tableOf(kind);
  const rows = await db
    .update(t)
    .set({ totpLastStep: step })
    .where(and(eq(t.id, id), or(isNull(t.totpLastStep), lt(t.totpLastStep, step))))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Queryable, kind: SubjectKind, id: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.subjectId, id)));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ kind, subjectId: id, codeHash })));
}

/** Marks an unused recovery code used; whether there was one. */
export async function useRecoveryCode(db: Queryable, kind: SubjectKind, id: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.subjectId, id), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Queryable, kind: SubjectKind, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.subjectId, id), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether the sale requires two-factor sign-in of every operator. */
export async function operatorsNeedTotp(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ need: saleSettings.operatorsNeedTotp }).from(saleSettings).where(eq(saleSettings.id, 1));
  return row?.need ?? false;
}

export async function setOperatorsNeedTotp(db: Queryable, need: boolean): Promise<void> {
  await db.update(saleSettings).set({ operatorsNeedTotp: need }).where(eq(saleSettings.id, 1));
}

/** Where a buyer's account messages go: their address, and their name once the address is verified. */
export async function findBuyerRecipient(db: Queryable, id: number): Promise<{ email: string; name: string; emailVerifiedAt: Date | null } | undefined> {
  const [row] = await db.select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, id));
  return row;
}

/** The account's password hash and the name its authenticator app shows (login or e-mail). */
export async function findAccount(db: Queryable, kind: SubjectKind, id: number): Promise<{ passwordHash: string; label: string } | undefined> {
  if (kind === 'buyer') {
    const [row] = await db.select({ passwordHash: users.passwordHash, label: users.email }).from(users).where(eq(users.id, id));
    return row;
  }
  const [row] = await db.select({ passwordHash: operators.passwordHash, label: operators.login }).from(operators).where(eq(operators.id, id));
  return row;
}
