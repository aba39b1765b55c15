import { EMAIL_TAKEN, type Me, type PasswordChangeBody, type profileBodySchema, type ReceivingWalletBody } from '@/contracts/auth';
import { addressProblem } from '@/domain/addresses';
import { dec, toFixed, toPlain } from '@/domain/decimal';
import { levelProgress } from '@/domain/levels';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, conflict, unauthorized } from '../../errors';
import { personalWords, refuseWeakPassword } from '../../password-strength';
import { hashPassword, verifyPassword } from '../../passwords';
import { findBuyerByEmail, findBuyerById, updateBuyer, withdrawPendingWalletChange } from '../auth/auth.service';
import { cancelEmailChange, pendingEmailChange, requestEmailChange, sendEmailVerification } from '../auth/email-verification.service';
import { endPasswordResetLinks } from '../auth/password-reset.service';
import { greetingName, mailContext, passwordChangedMail, queueMail } from '../mail/mail.service';
import { getSaleSettings } from '../sale/sale.service';
import { findWalletRequest, giveReceivingWallet } from '../wallets/wallets.service';
import { sumLedger } from './me.repository';

export async function getMe(db: Db, userId: number): Promise<Me> {
  const [user, ledger, sale, pendingEmail, walletRequest] = await Promise.all([
    findBuyerById(db, userId),
    sumLedger(db, userId),
    getSaleSettings(db),
    pendingEmailChange(db, userId),
    findWalletRequest(db, userId),
  ]);
  if (!user) throw unauthorized();
  const balance = dec(ledger.balance);
  const progress = levelProgress(ledger.levelTokens);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    createdAt: user.createdAt.toISOString(),
    balance: toPlain(balance),
    bonusTokens: toPlain(dec(ledger.bonusTokens)),
    usdValue: toFixed(balance.times(sale.priceUsd), 2),
    progress: {
      level: progress.level?.name ?? null,
      next: progress.next?.name ?? null,
      nextThreshold: progress.next?.threshold ?? null,
      percent: progress.percent,
    },
    orderUpdates: user.orderMail,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail,
    receivingWallet: user.receivingWallet,
    walletRequest,
  };
}

/** Turns order updates by e-mail on or off. */
export async function setMailPreferences(db: Db, userId: number, orderUpdates: boolean): Promise<Me> {
  await updateBuyer(db, userId, { orderMail: orderUpdates });
  return getMe(db, userId);
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const PASSWORD_FOR_EMAIL = 'Enter your current password to change your e-mail address.';

/**
 * Saves the buyer's details. A new address takes the current password and applies only when the
 * link this sends to it is opened (`publicUrl` is where the link points); the current address is
 * told. `beforeMailing` may refuse (a rate limit) before any link is made.
 */
export async function updateProfile(
  db: Db,
  publicUrl: string,
  userId: number,
  body: z.output<typeof profileBodySchema>,
  beforeMailing: () => Promise<void> = async () => {},
): Promise<Me> {
  const user = await findBuyerById(db, userId);
  if (!user) throw unauthorized();
  const moved = user.email.toLowerCase() !== body.email.toLowerCase();
  // Whoever holds a session must also know the password to move the account to another address;
  // checked before the address is looked up, so a session alone cannot ask which addresses have accounts.
  if (moved) {
    if (!body.currentPassword) throw new AppError('invalid_input', PASSWORD_FOR_EMAIL, { currentPassword: PASSWORD_FOR_EMAIL });
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new AppError('invalid_input', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    const holder = await findBuyerByEmail(db, body.email);
    if (holder && holder.id !== userId) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await beforeMailing();
  }
  // The address itself changes here only in its letter case; a new one waits for its link.
  await updateBuyer(db, userId, { name: body.name, email: moved ? user.email : body.email, phone: body.phone });
  if (moved) await requestEmailChange(db, publicUrl, { id: userId, name: body.name, email: user.email, emailVerifiedAt: user.emailVerifiedAt }, body.email);
  return getMe(db, userId);
}

/**
 * Saves where the buyer's tokens are to be delivered: an EVM address with a valid checksum, confirmed
 * with the current password (a session alone must not redirect a buyer's tokens). Once the sale is
 * over (ended or sold out), changing a wallet already given is a request the sale team decides.
 */
export async function setReceivingWallet(db: Db, publicUrl: string, userId: number, body: ReceivingWalletBody, saleOver: boolean, now = new Date()): Promise<Me> {
  const user = await findBuyerById(db, userId);
  if (!user) throw unauthorized();
  const address = body.address.trim();
  const problem = addressProblem('evm', address);
  if (problem) throw new AppError('invalid_input', problem, { address: problem });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('invalid_input', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await giveReceivingWallet(db, publicUrl, userId, address, saleOver, now);
  return getMe(db, userId);
}

/** Sends a new verification link, unless the buyer's address is verified already; says which. */
export async function resendEmailVerification(db: Db, publicUrl: string, userId: number): Promise<{ message: string }> {
  const user = await findBuyerById(db, userId);
  if (!user) throw unauthorized();
  if (user.emailVerifiedAt) return { message: 'Your address is verified already.' };
  await sendEmailVerification(db, publicUrl, user);
  return { message: `We sent a new link to ${user.email}.` };
}

/**
 * Changes the password from My Profile: reset links sent earlier stop working (they would undo it), so
 * do a change of address and a request for a new receiving wallet asked for before (whoever held the
 * old password may have asked for them),
 * and the account's address is told, in the same transaction.
 */
export async function changePassword(db: Db, userId: number, body: PasswordChangeBody, publicUrl: string, now = new Date()): Promise<void> {
  const user = await findBuyerById(db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('invalid_input', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await refuseWeakPassword(body.newPassword, personalWords(user.name, user.email, user.phone), 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const mail = await passwordChangedMail(await mailContext(db, publicUrl), greetingName(user), `${publicUrl}/login`, 'other');
  await db.transaction(async (tx) => {
    await updateBuyer(tx, userId, { passwordHash });
    await endPasswordResetLinks(tx, userId, now);
    await cancelEmailChange(tx, userId, now);
    await withdrawPendingWalletChange(tx, userId, now);
    await queueMail(tx, { kind: 'password-changed', to: user.email, userId, ...mail }, now);
  });
}
