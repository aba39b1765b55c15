// Verified addresses (issue 14): a link sent at registration (and on request) proves the buyer reads
// the address. It verifies the address it was sent to, only while that is still the account's
// address; it is single-use, valid 7 days, stored only as a hash.
import { VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID, VERIFY_VALID_DAYS } from '@/contracts/mail';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import { hashSecretToken, newSecretToken } from '../../secret-token';
import { mailContext, queueMail, verifyEmailMail } from '../mail/mail.service';
import { insertEmailVerification, lockEmailVerification, markEmailVerificationUsed } from './email-verifications.repository';
import { findUserById, updateUser, type UserRow } from './users.repository';

/** Sends the buyer a link that verifies their current address. */
export async function sendEmailVerification(db: Db, publicUrl: string, user: Pick<UserRow, 'id' | 'name' | 'email'>, now = new Date()): Promise<void> {
  const { token, hash } = newSecretToken();
  const mail = await verifyEmailMail(await mailContext(db, publicUrl), user.name, `${publicUrl}/verify-email?token=${token}`, VERIFY_VALID_DAYS);
  await db.transaction(async (tx) => {
    await insertEmailVerification(tx, user.id, user.email, hash, new Date(now.getTime() + VERIFY_VALID_DAYS * 86_400_000), now);
    await queueMail(tx, { kind: 'verify-email', to: user.email, userId: user.id, ...mail }, now);
  });
}

/** Verifies the address a link was sent to; returns it. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const link = await lockEmailVerification(tx, hashSecretToken(token));
    if (!link) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    const user = await findUserById(tx, link.userId);
    // The account moved to another address since: this link proves nothing about the new one.
    if (!user || user.email.toLowerCase() !== link.email.toLowerCase()) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    // Opened again (a second tab, a mail client's preview) once the address is verified: it still says so.
    if (link.usedAt && user.emailVerifiedAt) return user.email;
    if (link.usedAt) throw invalid(VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    if (link.expiresAt <= now) throw invalid(VERIFY_LINK_EXPIRED, { token: VERIFY_LINK_EXPIRED });
    await markEmailVerificationUsed(tx, link.id, now);
    if (user.emailVerifiedAt === null) await updateUser(tx, user.id, { emailVerifiedAt: now });
    return user.email;
  });
}

/** Whether the buyer verified their current address. */
export async function isEmailVerified(db: Db, userId: number): Promise<boolean> {
  return (await findUserById(db, userId))?.emailVerifiedAt != null;
}
