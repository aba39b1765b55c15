// Password reset by e-mail (issue 14): a link that works once, for 30 minutes, stored only as a hash.
// Asking for one answers the same whether or not the address has an account; using one sets the new
// password (same rules as registration), and the caller ends every session of the buyer.
// A change of address asked for before the reset is withdrawn: it was asked by whoever held the
// password then, and its link must not move the account after the owner took it back.
// Anyone can register someone else's address: the reset (whose link proves it) also clears what such a
// stranger could have set before the address was first proven — the second factor with its recovery
// codes, and the receiving wallet — and marks a never-verified address verified, in the same
// transaction. "Before it was proven" counts whoever proved it first: the owner may have opened the
// registration's verification link a stranger's registration sent them (decision 049).
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_VALID_MINUTES } from '@/contracts/mail';
import type { Db, Queryable } from '../../db/client';
import { invalid } from '../../errors';
import { personalWords, refuseWeakPassword } from '../../password-strength';
import { hashPassword } from '../../passwords';
import { hashSecretToken, newSecretToken } from '../../secret-token';
import { recordAudit } from '../audit/audit.service';
import { greetingName, mailContext, passwordChangedMail, passwordResetMail, queueMail } from '../mail/mail.service';
import { hasSecondFactor, resetSecondFactor } from '../two-factor/two-factor.service';
import { cancelEmailChange } from './email-verification.service';
import { endPasswordResets, insertPasswordReset, lockPasswordReset, markPasswordResetUsed } from './password-resets.repository';
import { findUserByEmail, findUserById, updateUser, withdrawPendingWalletChange } from './users.repository';

/** Who the audit log names for what a reset link did on its own. */
const RESET_BY_LINK = { id: null, login: 'Password reset link' } as const;

/** Ends the buyer's unused reset links (their password changed, or their address moved). */
export function endPasswordResetLinks(db: Queryable, userId: number, now = new Date()): Promise<void> {
  return endPasswordResets(db, userId, now);
}

/** Sends a reset link to the account with this address, if there is one; says nothing either way. */
export async function requestPasswordReset(db: Db, publicUrl: string, email: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, hash } = newSecretToken();
  const link = `${publicUrl}/reset-password?token=${token}`;
  const mail = await passwordResetMail(await mailContext(db, publicUrl), greetingName(user), link, RESET_VALID_MINUTES);
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
    await cancelEmailChange(tx, user.id, now);
    await withdrawPendingWalletChange(tx, user.id, now);
    if (user.emailVerifiedAt === null) {
      const twoFactor = await hasSecondFactor(tx, 'buyer', user.id);
      await resetSecondFactor(tx, 'buyer', user.id);
      await updateUser(tx, user.id, { emailVerifiedAt: now, addressProvenAt: user.addressProvenAt ?? now, receivingWallet: null, receivingWalletAt: null });
      await recordAudit(tx, RESET_BY_LINK, 'user.unverified_reset', `user:${String(user.id)}`, { emailVerified: false, twoFactor, receivingWallet: user.receivingWallet }, { emailVerified: true, twoFactor: false, receivingWallet: null });
    } else {
      // Verified, but set up before anyone proved the address: the person who did may not be the one who set it.
      const provenAt = user.addressProvenAt ?? user.emailVerifiedAt;
      const unproven = (at: Date | null) => at !== null && at < provenAt;
      const twoFactor = unproven(user.totpEnabledAt);
      const wallet = unproven(user.receivingWalletAt) && user.receivingWallet !== null;
      if (twoFactor || wallet) {
        if (twoFactor) await resetSecondFactor(tx, 'buyer', user.id);
        if (wallet) await updateUser(tx, user.id, { receivingWallet: null, receivingWalletAt: null });
        await recordAudit(tx, RESET_BY_LINK, 'user.unproven_settings_cleared', `user:${String(user.id)}`, { twoFactor: twoFactor || undefined, receivingWallet: wallet ? user.receivingWallet : undefined }, { twoFactor: twoFactor ? false : undefined, receivingWallet: wallet ? null : undefined });
      }
    }
    await queueMail(tx, { kind: 'password-changed', to: user.email, userId: user.id, ...(await passwordChangedMail(context, user.name, `${publicUrl}/login`)) }, now);
    return user.id;
  });
}
