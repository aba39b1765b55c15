import { randomBytes } from 'node:crypto';
import type { OperatorPasswordBody } from '@/contracts/operators';
import type { Role } from '@/contracts/permissions';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, invalid, notFound } from '../../errors';
import { personalWords, refuseWeakPassword } from '../../password-strength';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../passwords';
import type { OperatorActor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { checkSecondFactor, twoFactorRequiredOfOperators, type CodeAttempts } from '../two-factor/two-factor.service';
import { countOperators, findOperatorById, findOperatorWithTotpRule, findOperatorByLogin, insertOperator, setOperatorPassword, type OperatorRow } from './operators.repository';

export const OPERATOR_LOGIN_FAILED = 'Invalid login or password.';

/** A strong random password for a new or reset operator: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function authenticateOperator(db: Db, login: string, password: string): Promise<OperatorRow> {
  const operator = await findOperatorByLogin(db, login);
  const ok = operator ? await verifyPassword(operator.passwordHash, password) : await verifyAgainstNothing(password);
  // A disabled operator is told nothing more than a wrong password would tell.
  if (!operator || !ok || operator.disabledAt) throw new AppError('unauthorized', OPERATOR_LOGIN_FAILED);
  return operator;
}

/**
 * Creates an operator (first start, the command line). `oneTime`: the password was generated for
 * them, and they choose their own at their first sign-in.
 */
export async function createOperator(db: Db, login: string, password: string, options: { role?: Role; oneTime?: boolean } = {}): Promise<OperatorRow> {
  if (login.trim().length < 2) throw new AppError('invalid_input', 'Admin name must be at least 2 characters.');
  if (password.length < 8) throw new AppError('invalid_input', 'New password must be at least 8 characters.');
  await refuseWeakPassword(password, personalWords(login), 'password');
  try {
    return await insertOperator(db, login.trim(), await hashPassword(password), options.role ?? 'owner', options.oneTime ?? false);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`An operator named ${login} already exists.`);
    throw e;
  }
}

export async function resetOperatorPassword(db: Db, login: string, password: string, oneTime = false): Promise<OperatorRow> {
  const operator = await findOperatorByLogin(db, login);
  if (!operator) throw notFound(`No operator named ${login}.`);
  await refuseWeakPassword(password, personalWords(operator.login), 'password');
  await setOperatorPassword(db, operator.id, await hashPassword(password), oneTime);
  return operator;
}

/**
 * First start: with no operator, create one from ADMIN_LOGIN/ADMIN_PASSWORD, or with a generated
 * password that the caller prints once. Returns what was created, or null when operators exist.
 */
export async function ensureFirstOperator(db: Db, fromEnv: { login?: string | undefined; password?: string | undefined }): Promise<{ login: string; generatedPassword: string | null } | null> {
  if ((await countOperators(db)) > 0) return null;
  const login = fromEnv.login ?? 'admin';
  const generated = fromEnv.password ? null : generatePassword();
  try {
    await createOperator(db, login, fromEnv.password ?? generated ?? '');
  } catch (e) {
    // Another instance created it at the same moment.
    if (e instanceof AppError && e.code === 'conflict') return null;
    throw e;
  }
  return { login, generatedPassword: generated };
}

export const WRONG_OLD_PASSWORD = 'Old password is incorrect.';

export async function changeOperatorPassword(db: Db, actor: OperatorActor, body: OperatorPasswordBody): Promise<void> {
  const operator = await findOperatorById(db, actor.id);
  if (!operator) throw notFound('Operator not found.');
  if (operator.login.toLowerCase() !== body.login.trim().toLowerCase()) {
    throw new AppError('invalid_input', 'Admin name does not match your account.', { login: 'Admin name does not match your account.' });
  }
  if (!(await verifyPassword(operator.passwordHash, body.oldPassword))) {
    throw new AppError('invalid_input', WRONG_OLD_PASSWORD, { oldPassword: WRONG_OLD_PASSWORD });
  }
  await refuseWeakPassword(body.newPassword, personalWords(operator.login), 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await setOperatorPassword(tx, operator.id, passwordHash);
    await recordAudit(tx, actor, 'operator.password_changed', `operator:${operator.login}`, null, null);
  });
}

export const actorOf = (operator: OperatorRow, secondFactorRequired: boolean): OperatorActor => ({
  id: operator.id,
  login: operator.login,
  role: operator.role,
  mustChangePassword: operator.mustChangePassword,
  mustEnrolSecondFactor: secondFactorRequired && operator.totpEnabledAt === null,
  identityAccess: operator.identityAccess,
});

/** The operator a session belongs to, as the audit log names them; undefined once they are gone or disabled. */
export async function findActor(db: Queryable, id: number): Promise<OperatorActor | undefined> {
  const found = await findOperatorWithTotpRule(db, id);
  return found && !found.operator.disabledAt ? actorOf(found.operator, found.totpRequired) : undefined;
}

/** Signs an operator in: the password, then (when it is on) the second factor. */
export async function signInOperator(db: Db, login: string, password: string, code: string | undefined, attempts: CodeAttempts): Promise<OperatorActor> {
  const operator = await authenticateOperator(db, login, password);
  await checkSecondFactor(db, 'operator', operator.id, code, attempts);
  return actorOf(operator, await twoFactorRequiredOfOperators(db));
}

/** Confirms the operator's password (and second factor, when on) for a step-up. */
export async function confirmPassword(db: Db, actor: OperatorActor, password: string, code: string | undefined, attempts: CodeAttempts): Promise<void> {
  const operator = await findOperatorById(db, actor.id);
  if (!operator || !(await verifyPassword(operator.passwordHash, password))) throw invalid('The password is not right.', { password: 'The password is not right.' });
  await checkSecondFactor(db, 'operator', operator.id, code, attempts);
}
