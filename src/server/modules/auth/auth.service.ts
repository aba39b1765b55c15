import { checkSecondFactor, type CodeAttempts } from '../two-factor/two-factor.service';
import { EMAIL_TAKEN, LOGIN_FAILED, type LoginBody, type registerBodySchema } from '@/contracts/auth';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { acceptableTermsVersion, acceptTerms } from '../content/terms.service';
import { AppError, conflict } from '../../errors';
import { personalWords, refuseWeakPassword } from '../../password-strength';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../passwords';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from './users.repository';

export { withdrawPendingWalletChange } from './users.repository';

/** Registers a buyer; `referredBy` (from the referral link they opened) is recorded once, here, and never changes. */
export async function registerBuyer(db: Db, body: z.output<typeof registerBodySchema>, origin: { referredBy: number | null; registrationIp: string } = { referredBy: null, registrationIp: '' }): Promise<UserRow> {
  await refuseWeakPassword(body.password, personalWords(body.name, body.email, body.phone), 'password');
  if (await findUserByEmail(db, body.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  // An outdated version is refused before the slow password hash (checked again when stored).
  await acceptableTermsVersion(db, body.termsVersion);
  const passwordHash = await hashPassword(body.password);
  try {
    // The account and its acceptance of the terms are one: neither is stored without the other.
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, { name: body.name, email: body.email, phone: body.phone, passwordHash, country: body.country, referredBy: origin.referredBy, registrationIp: origin.registrationIp });
      await acceptTerms(tx, user.id, body.termsVersion, origin.registrationIp);
      return user;
    });
  } catch (e) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(e, 'users_email_lower_key')) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw e;
  }
}

/** The buyer with these credentials; the same 401 whether the e-mail or the password is wrong. */
export async function authenticateBuyer(db: Db, body: LoginBody, attempts: CodeAttempts): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstNothing(body.password);
  if (!user || !ok) throw new AppError('unauthorized', LOGIN_FAILED);
  await checkSecondFactor(db, 'buyer', user.id, body.code, attempts);
  return user;
}

// The buyer's own account as the profile pages (module me) read and change it.

export async function findBuyerById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

/** The account holding this e-mail address, in any letter case. */
export async function findBuyerByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export async function updateBuyer(db: Queryable, id: number, values: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'passwordHash' | 'orderMail' | 'emailVerifiedAt' | 'receivingWallet' | 'receivingWalletAt'>>): Promise<void> {
  await updateUser(db, id, values);
}
