// Addresses by link (issue 14).
// - Verification: a link sent at registration (and on request) proves the buyer reads the address.
//   It verifies the address it was sent to, only while that is still the account's address; valid 7 days.
// - Change of address: the account moves to a new address only when the link sent there is opened
//   (valid 24 hours); the old address is told when the change is asked for.
// Every link is single-use and stored only as a hash.
import { EMAIL_CHANGE_TAKEN, EMAIL_CHANGE_VALID_HOURS, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID, VERIFY_VALID_DAYS } from '@/contracts/mail';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, invalid } from '../../errors';
import { hashSecretToken, newSecretToken } from '../../secret-token';
import { emailChangeMail, emailChangeRequestedMail, greetingName, mailContext, queueMail, verifyEmailMail } from '../mail/mail.service';
import { findPendingEmailChange, insertEmailVerification, lockEmailVerification, markEmailVerificationUsed, withdrawEmailLinks } from './email-verifications.repository';
import { endPasswordResets } from './password-resets.repository';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repository';

const HOUR_MS = 3_600_000;

/** Sends the buyer a link that verifies their current address. */
export async function sendEmailVerification(db: Db, publicUrl: string, user: Pick<UserRow, 'id' | 'name' | 'email'>, now = new Date()): Promise<void> {
  const { token, hash } = newSecretToken();
  // The address is not proven yet: the message greets without the name typed at registration.
  const mail = await verifyEmailMail(await mailContext(db, publicUrl), null, `${publicUrl}/verify-email?token=${token}`, VERIFY_VALID_DAYS);
  await db.transaction(async (tx) => {
    await insertEmailVerification(tx, { userId: user.id, email: user.email, purpose: 'verify', tokenHash: hash, expiresAt: new Date(now.getTime() + VERIFY_VALID_DAYS * 24 * HOUR_MS) }, now);
    await queueMail(tx, { kind: 'verify-email', to: user.email, userId: user.id, ...mail }, now);
  });
}

/**
 * Asks to move the account to `newEmail`: a link goes to the new address, a notice to the current
 * one. An earlier request stops working.
 */
export async function requestEmailChange(db: Db, publicUrl: string, user: Pick<UserRow, 'id' | 'name' | 'email' | 'emailVerifiedAt'>, newEmail: string, now = new Date()): Promise<void> {
  const { token, hash } = newSecretToken();
  const context = await mailContext(db, publicUrl);
  const [link, notice] = await Promise.all([
    emailChangeMail(context, null, newEmail, `${publicUrl}/verify-email?token=${token}`, EMAIL_CHANGE_VALID_HOURS),
    emailChangeRequestedMail(context, greetingName(user), newEmail, `${publicUrl}/dashboard/profile`),
  ]);
  await db.transaction(async (tx) => {
    await insertEmailVerification(tx, { userId: user.id, email: newEmail, purpose: 'change', tokenHash: hash, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALID_HOURS * HOUR_MS) }, now);
    await queueMail(tx, { kind: 'email-change', to: newEmail, userId: user.id, ...link }, now);
    await queueMail(tx, { kind: 'email-change-notice', to: user.email, userId: user.id, ...notice }, now);
  });
}

/**
 * Withdraws a requested change of address: the buyer's own withdrawal, and every password change or
 * reset (a link asked for by whoever held the password before must not move the account after it).
 */
export async function cancelEmailChange(db: Queryable, userId: number, now = new Date()): Promise<void> {
  await withdrawEmailLinks(db, userId, 'change', now);
}

/** The address a requested change waits to move the account to. */
export function pendingEmailChange(db: Db, userId: number, now = new Date()): Promise<string | null> {
  return findPendingEmailChange(db, userId, now);
}

/** Opens a link: verifies the address it was sent to, or moves the account there; returns the address. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<{ email: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const link = await lockEmailVerification(tx, hashSecretToken(token));
    if (!link) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    const user = await findUserById(tx, link.userId);
    if (!user) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    const current = user.email.toLowerCase() === link.email.toLowerCase();
    const changed = link.purpose === 'change';
    // Opened again (a second tab, a mail client's preview) once it did its work: it still says so.
    if (link.usedAt && current && user.emailVerifiedAt) return { email: user.email, changed };
    if (link.usedAt) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    if (link.expiresAt <= now) throw invalid(VERIFY_LINK_EXPIRED, { token: VERIFY_LINK_EXPIRED });
    if (!changed) {
      // The account moved to another address since: this link proves nothing about the new one.
      if (!current) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
      await markEmailVerificationUsed(tx, link.id, now);
      if (user.emailVerifiedAt === null) await updateUser(tx, user.id, { emailVerifiedAt: now, addressProvenAt: user.addressProvenAt ?? now });
      return { email: user.email, changed };
    }
    const holder = await findUserByEmail(tx, link.email);
    if (holder && holder.id !== user.id) throw conflict(EMAIL_CHANGE_TAKEN, { token: EMAIL_CHANGE_TAKEN });
    await markEmailVerificationUsed(tx, link.id, now);
    // The link proved the new address: it is verified as it becomes the account's.
    try {
      await updateUser(tx, user.id, { email: link.email, emailVerifiedAt: now, addressProvenAt: user.addressProvenAt ?? now });
    } catch (e) {
      if (isUniqueViolation(e, 'users_email_lower_key')) throw conflict(EMAIL_CHANGE_TAKEN, { token: EMAIL_CHANGE_TAKEN });
      throw e;
    }
    // A verification link sent to the old address has nothing left to verify, and a reset link sent
    // there must not reach the account any more.
    await withdrawEmailLinks(tx, user.id, 'verify', now);
    await endPasswordResets(tx, user.id, now);
    return { email: link.email, changed };
  });
}
