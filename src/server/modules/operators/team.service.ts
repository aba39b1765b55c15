// The operator team (issue 15), run by Owners from the Operators page: add an operator with a
// generated one-time password (shown once; they choose their own at first sign-in), change a role,
// disable or enable, reset a password. The sale always keeps an active Owner: changes that would
// leave none are refused, under a lock on the Owners' rows so two at once cannot both pass.
import type { z } from 'zod';
import { LAST_OWNER, type newOperatorBodySchema, type OperatorChangeBody, type TeamMember } from '@/contracts/operators';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { hashPassword } from '../../passwords';
import type { OperatorActor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { requireSecondFactorOfOperators, resetSecondFactor, twoFactorRequiredOfOperators } from '../two-factor/two-factor.service';
import { generatePassword } from './operators.service';
import { insertTeamMember, listOperators, lockActiveOwners, lockOperator, setOperatorPassword, updateOperatorRow, type OperatorRow } from './operators.repository';

const member = (o: OperatorRow): TeamMember => ({
  id: o.id,
  login: o.login,
  name: o.name,
  role: o.role,
  disabled: o.disabledAt !== null,
  mustChangePassword: o.mustChangePassword,
  twoFactor: o.totpEnabledAt !== null,
  identityAccess: o.identityAccess,
  createdAt: o.createdAt.toISOString(),
});

export async function listTeam(db: Db): Promise<{ operators: TeamMember[]; requireTwoFactor: boolean }> {
  const [rows, requireTwoFactor] = await Promise.all([listOperators(db), twoFactorRequiredOfOperators(db)]);
  return { operators: rows.map(member), requireTwoFactor };
}

/** Requires (or no longer requires) two-factor sign-in of every operator; those without it enrol at their next request. */
export async function setTeamPolicy(db: Db, actor: OperatorActor, requireTwoFactor: boolean): Promise<{ requireTwoFactor: boolean }> {
  await db.transaction(async (tx) => {
    const before = await twoFactorRequiredOfOperators(tx);
    await requireSecondFactorOfOperators(tx, requireTwoFactor);
    if (before !== requireTwoFactor) await recordAudit(tx, actor, 'operators.require_two_factor', 'operators', { requireTwoFactor: before }, { requireTwoFactor });
  });
  return { requireTwoFactor };
}

/** Removes an operator's second factor (a lost device); they enrol again. */
export async function resetTeamTwoFactor(db: Db, actor: OperatorActor, id: number): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const current = await lockOperator(tx, id);
    if (!current) throw notFound('This operator does not exist.');
    await resetSecondFactor(tx, 'operator', id);
    await recordAudit(tx, actor, 'operator.two_factor_reset', `operator:${current.login}`, null, null);
    return member({ ...current, totpSecret: null, totpEnabledAt: null, totpLastStep: null });
  });
}

export async function addOperator(db: Db, actor: OperatorActor, body: z.output<typeof newOperatorBodySchema>): Promise<{ operator: TeamMember; oneTimePassword: string }> {
  const oneTimePassword = generatePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertTeamMember(tx, { login: body.login, name: body.name, email: body.email || null, role: body.role, passwordHash });
      await recordAudit(tx, actor, 'operator.created', `operator:${row.login}`, null, { login: row.login, name: row.name, role: row.role });
      return { operator: member(row), oneTimePassword };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'operators_login_lower_key')) throw conflict(`An operator named ${body.login} already exists.`, { login: `An operator named ${body.login} already exists.` });
    throw e;
  }
}

/** Changes a role or disables/enables an operator; returns the operator and whether they lost access. */
export async function changeOperator(db: Db, actor: OperatorActor, id: number, body: OperatorChangeBody, now = new Date()): Promise<{ operator: TeamMember; endSessions: boolean }> {
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    const current = await lockOperator(tx, id);
    if (!current) throw notFound('This operator does not exist.');
    const role = body.role ?? current.role;
    const disabledAt = body.disabled === undefined ? current.disabledAt : body.disabled ? (current.disabledAt ?? now) : null;
    const wasActiveOwner = owners.includes(id);
    const staysActiveOwner = role === 'owner' && disabledAt === null;
    if (wasActiveOwner && !staysActiveOwner && owners.length === 1) throw conflict(LAST_OWNER, { [body.role !== undefined && body.role !== 'owner' ? 'role' : 'disabled']: LAST_OWNER });
    const identityAccess = body.identityAccess ?? current.identityAccess;
    const row = await updateOperatorRow(tx, id, { role, disabledAt, identityAccess }, now);
    if (!row) throw notFound('This operator does not exist.');
    const before = { role: current.role, disabled: current.disabledAt !== null };
    const after = { role: row.role, disabled: row.disabledAt !== null };
    if (before.role !== after.role) await recordAudit(tx, actor, 'operator.role_changed', `operator:${row.login}`, { role: before.role }, { role: after.role });
    if (current.identityAccess !== row.identityAccess) await recordAudit(tx, actor, 'operator.identity_access', `operator:${row.login}`, { identityAccess: current.identityAccess }, { identityAccess: row.identityAccess });
    if (before.disabled !== after.disabled) await recordAudit(tx, actor, after.disabled ? 'operator.disabled' : 'operator.enabled', `operator:${row.login}`, before, after);
    return { operator: member(row), endSessions: after.disabled && !before.disabled };
  });
}

/** A new generated password for an operator, who must choose their own at their next sign-in. */
export async function resetTeamPassword(db: Db, actor: OperatorActor, id: number): Promise<{ operator: TeamMember; oneTimePassword: string }> {
  const oneTimePassword = generatePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  return db.transaction(async (tx) => {
    const current = await lockOperator(tx, id);
    if (!current) throw notFound('This operator does not exist.');
    await setOperatorPassword(tx, id, passwordHash, true);
    await recordAudit(tx, actor, 'operator.password_reset', `operator:${current.login}`, null, null);
    return { operator: member({ ...current, mustChangePassword: true }), oneTimePassword };
  });
}
