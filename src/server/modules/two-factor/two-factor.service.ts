// Two-factor sign-in (issue 15) for operators and buyers. Enrolment stores a new secret and shows
// it (QR code and text); a first code from the app turns it on and gives ten single-use recovery
// codes, stored only as hashes and shown once. At sign-in a code is checked against the secret
// (one step either side for clock drift), and each time step is accepted once, so a code seen over
// a shoulder cannot be used again. The secret itself must stay readable to check codes.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_CODE_REQUIRED, TOTP_CODE_WRONG, TOTP_REQUIRED_BY_SALE, type DisableTwoFactorBody, type Enrolment, type TwoFactorState } from '@/contracts/two-factor';
import type { Db, Queryable } from '../../db/client';
import { AppError, conflict, invalid } from '../../errors';
import { verifyPassword } from '../../passwords';
import { greetingName, mailContext, queueMail, twoFactorChangedMail } from '../mail/mail.service';
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  findAccount,
  findBuyerRecipient,
  findTotp,
  operatorsNeedTotp,
  replaceRecoveryCodes,
  setOperatorsNeedTotp,
  setTotp,
  useRecoveryCode,
  type SubjectKind,
} from './two-factor.repository';

export type { SubjectKind } from './two-factor.repository';

const PERIOD = 30;
const totpOf = (secret: string, issuer: string, label: string) => new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });
const hashCode = (code: string) => createHash('sha256').update(code.replace('-', '').toLowerCase()).digest('hex');

/** Ten characters (50 bits) from 32 without look-alikes (no l, o, 0, 1), shown as xxxxx-xxxxx. */
function recoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b & 31] ?? 'a').join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function twoFactorState(db: Queryable, kind: SubjectKind, id: number): Promise<TwoFactorState> {
  const [row, left, required] = await Promise.all([findTotp(db, kind, id), countRecoveryCodesLeft(db, kind, id), kind === 'operator' ? operatorsNeedTotp(db) : false]);
  return { enabled: row?.totpEnabledAt != null, required, recoveryCodesLeft: row?.totpEnabledAt ? left : 0 };
}

export function twoFactorRequiredOfOperators(db: Queryable): Promise<boolean> {
  return operatorsNeedTotp(db);
}

/** A new secret to add to the app; two-factor sign-in stays as it is until a code confirms it. */
export async function beginEnrolment(db: Db, kind: SubjectKind, id: number, issuer: string, label: string): Promise<Enrolment> {
  const row = await findTotp(db, kind, id);
  if (row?.totpEnabledAt) throw conflict('Two-factor sign-in is on already. Turn it off first to use another device.');
  const secret = new Secret({ size: 20 }).base32;
  await setTotp(db, kind, id, { totpSecret: secret, totpEnabledAt: null, totpLastStep: null });
  const uri = totpOf(secret, issuer, label).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { width: 240, margin: 1 }) };
}

/** The time step a code belongs to, if it is the secret's code now or one step either side. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

export const WRONG_PASSWORD = 'The password is not right.';

/**
 * Turns two-factor sign-in on with the account's password and a first code from the app; returns
 * the recovery codes, shown once. (Without the password, a stranger holding a session, or who
 * registered someone else's address, could tie the account to their own phone.)
 */
export async function confirmEnrolment(db: Db, kind: SubjectKind, id: number, body: { code: string; password: string }, publicUrl: string, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const account = await findAccount(db, kind, id);
  if (!account || !(await verifyPassword(account.passwordHash, body.password))) throw invalid(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const { code } = body;
  return db.transaction(async (tx) => {
    const row = await findTotp(tx, kind, id);
    if (!row?.totpSecret || row.totpEnabledAt) throw conflict('Start again: scan a new QR code first.');
    const step = stepOf(row.totpSecret, code, now);
    if (step === null) throw invalid(TOTP_CODE_WRONG, { code: TOTP_CODE_WRONG });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await setTotp(tx, kind, id, { totpEnabledAt: now, totpLastStep: step });
    await replaceRecoveryCodes(tx, kind, id, codes.map(hashCode));
    await tellBuyer(tx, kind, id, 'on', publicUrl, now);
    return { recoveryCodes: codes };
  });
}

/**
 * The account's attempts at a code from the app, counted whatever the address (the plugin's
 * SecondFactorThrottle): `take` throws once they are spent, and the function it returns gives a
 * right code's attempt back.
 */
export interface CodeAttempts {
  take(kind: SubjectKind, id: number): Promise<() => Promise<void>>;
}

/**
 * Checks the second factor of a sign-in (or a step-up): nothing to check when it is off; else a
 * code from the app, accepted once per time step and counted against the account's attempts, or
 * an unused recovery code (which still works while code entry is locked).
 */
export async function checkSecondFactor(db: Db, kind: SubjectKind, id: number, code: string | undefined, attempts: CodeAttempts, now = new Date()): Promise<void> {
  const row = await findTotp(db, kind, id);
  if (!row?.totpEnabledAt || !row.totpSecret) return;
  if (!code) throw new AppError('unauthorized', TOTP_CODE_REQUIRED, { code: TOTP_CODE_REQUIRED });
  if (/^\d{6}$/.test(code)) {
    const giveBack = await attempts.take(kind, id);
    const step = stepOf(row.totpSecret, code, now);
    if (step !== null && (await claimTotpStep(db, kind, id, step))) return giveBack();
  } else if (await useRecoveryCode(db, kind, id, hashCode(code), now)) return;
  throw new AppError('unauthorized', TOTP_CODE_WRONG, { code: TOTP_CODE_WRONG });
}

/** Whether a sign-in failed only because it did not carry a code yet (the form then asks for one). */
export function isCodeRequest(error: unknown): boolean {
  return error instanceof AppError && error.fields?.code === TOTP_CODE_REQUIRED;
}

/** Whether two-factor sign-in is on for this account. */
export async function hasSecondFactor(db: Queryable, kind: SubjectKind, id: number): Promise<boolean> {
  return (await findTotp(db, kind, id))?.totpEnabledAt != null;
}

/** Turns two-factor sign-in off, with the password and a code; not while the sale requires it of operators. */
export async function turnOffSecondFactor(db: Db, kind: SubjectKind, id: number, body: DisableTwoFactorBody, attempts: CodeAttempts, publicUrl: string, now = new Date()): Promise<void> {
  if (kind === 'operator' && (await operatorsNeedTotp(db))) throw conflict(TOTP_REQUIRED_BY_SALE);
  const account = await findAccount(db, kind, id);
  if (!account || !(await verifyPassword(account.passwordHash, body.password))) throw invalid(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  await checkSecondFactor(db, kind, id, body.code, attempts);
  await db.transaction(async (tx) => {
    await resetSecondFactor(tx, kind, id);
    await tellBuyer(tx, kind, id, 'off', publicUrl, now);
  });
}

/**
 * Queues, in the caller's transaction, the message telling a buyer their second factor changed
 * (operators are told nothing here: their accounts have no verified address).
 */
async function tellBuyer(tx: Queryable, kind: SubjectKind, id: number, change: 'on' | 'off' | 'reset', publicUrl: string, now: Date): Promise<void> {
  if (kind !== 'buyer') return;
  const buyer = await findBuyerRecipient(tx, id);
  if (!buyer) return;
  const mail = await twoFactorChangedMail(await mailContext(tx, publicUrl), greetingName(buyer), change, `${publicUrl}/dashboard/profile`);
  await queueMail(tx, { kind: change === 'on' ? 'two-factor-on' : 'two-factor-off', to: buyer.email, userId: id, ...mail }, now);
}

/**
 * An Owner turns a buyer's two-factor sign-in off (a lost phone), in the caller's transaction; the
 * buyer is told. Returns whether it was on.
 */
export async function resetBuyerSecondFactor(tx: Queryable, id: number, publicUrl: string, now = new Date()): Promise<boolean> {
  const wasOn = (await findTotp(tx, 'buyer', id))?.totpEnabledAt != null;
  await resetSecondFactor(tx, 'buyer', id);
  if (wasOn) await tellBuyer(tx, 'buyer', id, 'reset', publicUrl, now);
  return wasOn;
}

/** Starts enrolment for the signed-in account, named in the app by the sale and the login or e-mail. */
export async function beginOwnEnrolment(db: Db, kind: SubjectKind, id: number, issuer: string): Promise<Enrolment> {
  const account = await findAccount(db, kind, id);
  if (!account) throw invalid('This account does not exist.');
  return beginEnrolment(db, kind, id, issuer, account.label);
}

/** Removes the secret and the recovery codes (an Owner resetting an operator who lost their device). */
export async function resetSecondFactor(db: Queryable, kind: SubjectKind, id: number): Promise<void> {
  await setTotp(db, kind, id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
  await replaceRecoveryCodes(db, kind, id, []);
}

export function requireSecondFactorOfOperators(db: Queryable, need: boolean): Promise<void> {
  return setOperatorsNeedTotp(db, need);
}
