// Password reset by e-mail (issue 14): a link that works once, for 30 minutes, stored only as a hash.
// Asking for one answers the same whether or not the address has an account; using one sets the new
// password (same rules as registration), and the caller ends every session of the buyer.
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_VALID_MINUTES } from '@/contracts/mail';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import { personalWords, refuseWeakPassword } from '../../password-strength';
import { hashPassword } from '../../passwords';
import { hashSecretToken, newSecretToken } from '../../secret-token';
import { mailContext, passwordChangedMail, passwordResetMail, queueMail } from '../mail/mail.service';
import { insertPasswordReset, lockPasswordReset, markPasswordResetUsed } from './password-resets.repository';
import { findUserByEmail, findUserById, updateUser } from './users.repository';

/** Sends a reset link to the account with this address, if there is one; says nothing either way. */
export async function requestPasswordReset(db: Db, publicUrl: string, email: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, hash } = newSecretToken();
  const link = `${publicUrl}/reset-password?token=${token}`;
  const mail = await passwordResetMail(await mailContext(db, publicUrl), user.name, link, RESET_VALID_MINUTES);
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, user.id, hash, new Date(now.getTime() + RESET_VALID_MINUTES * 60_000), now);
    await queueMail(tx, { kind: 'password-reset', to: user.email, userId: user.id, ...mail }, now);
  });
}

/** Sets the new password through a reset link and uses the link up; returns the buyer's id. */
export async function resetPassword(db: Db, publicUrl: string, body: { token: string; password: string }, now = new Date()): Promise<number> {
  const context = await mailContext(db, publicUrl);
  return db.transaction(async (tx) => {
    const reset = await lockPasswordReset(tx, hashSecretToken(body.token));
    if (!reset || reset.usedAt) throw invalid(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    if (reset.expiresAt <= now) throw invalid(RESET_LINK_EXPIRED, { token: RESET_LINK_EXPIRED });
    const user = await findUserById(tx, reset.userId);
    if (!user) throw invalid(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    await refuseWeakPassword(body.password, personalWords(user.name, user.email, user.phone), 'password');
    await updateUser(tx, user.id, { passwordHash: await hashPassword(body.password) });
    await markPasswordResetUsed(tx, reset.id, now);
    await queueMail(tx, { kind: 'password-changed', to: user.email, userId: user.id, ...(await passwordChangedMail(context, user.name, `${publicUrl}/login`)) }, now);
    return user.id;
  });
}
