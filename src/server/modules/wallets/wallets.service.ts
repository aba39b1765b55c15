// Where a buyer's tokens go (issue 19; decision 022). Before the sale is over a buyer changes their
// receiving wallet themselves; after it, a first wallet still applies at once, but a change of one
// already given is a request the sale team approves or rejects (the buyer is told by e-mail), so a
// stolen session and password cannot quietly redirect tokens that are about to be sent. Every change
// is kept in `wallet_changes`; decisions are also in the audit log.
import type { Me } from '@/contracts/auth';
import type { AdminWalletChange } from '@/contracts/distribution';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { findBuyerById, updateBuyer, withdrawPendingWalletChange } from '../auth/auth.service';
import { greetingName, mailContext, queueMail, receivingWalletChangedMail, walletChangeDecidedMail, walletChangeRequestedMail } from '../mail/mail.service';
import {
  countPendingWalletRequests,
  decidePending,
  findLatestWalletChange,
  findWalletChange,
  findWalletRequests,
  insertWalletChange,
  lockBuyerWallet,
  type WalletRequestView,
} from './wallets.repository';

export const NOT_PENDING = 'This request was decided or withdrawn already.';
export const NO_PENDING_REQUEST = 'There is no wallet change waiting for a decision.';
/** How many decided requests the back-office lists below the pending ones. */
const DECIDED_SHOWN = 50;

export type WalletOutcome = 'unchanged' | 'applied' | 'requested';

/**
 * Gives the buyer's receiving wallet (already checked: its checksum and the buyer's password): applied
 * at once before the sale is over or when the buyer had none; otherwise a request for the sale team,
 * replacing any earlier pending one, and the buyer is told by e-mail.
 */
export async function giveReceivingWallet(db: Db, publicUrl: string, userId: number, address: string, saleOver: boolean, now = new Date()): Promise<WalletOutcome> {
  return db.transaction(async (tx) => {
    const current = await lockBuyerWallet(tx, userId);
    if (!current) throw notFound('There is no such buyer.');
    if (current.wallet === address) return 'unchanged';
    await withdrawPendingWalletChange(tx, userId, now);
    if (!saleOver || current.wallet === null) {
      await insertWalletChange(tx, { userId, previous: current.wallet, address, state: 'applied', requestedAt: now, decidedAt: now });
      await updateBuyer(tx, userId, { receivingWallet: address, receivingWalletAt: now });
      // The account's address hears of it (old and new wallet), so a stolen session and password
      // cannot quietly redirect the tokens.
      const owner = await findBuyerById(tx, userId);
      if (owner) {
        const mail = await receivingWalletChangedMail(await mailContext(tx, publicUrl), greetingName(owner), { previous: current.wallet, address }, `${publicUrl}/dashboard/profile#wallet`);
        await queueMail(tx, { kind: 'wallet-changed', to: owner.email, userId, ...mail }, now);
      }
      return 'applied';
    }
    await insertWalletChange(tx, { userId, previous: current.wallet, address, state: 'pending', requestedAt: now, decidedAt: null });
    const buyer = await findBuyerById(tx, userId);
    if (buyer) {
      const mail = await walletChangeRequestedMail(await mailContext(tx, publicUrl), greetingName(buyer), address, `${publicUrl}/dashboard/profile#wallet`);
      await queueMail(tx, { kind: 'wallet-change-requested', to: buyer.email, userId, ...mail }, now);
    }
    return 'requested';
  });
}

/** The buyer withdraws their pending request. */
export async function withdrawWalletRequest(db: Db, userId: number, now = new Date()): Promise<void> {
  const withdrawn = await withdrawPendingWalletChange(db, userId, now);
  if (!withdrawn) throw conflict(NO_PENDING_REQUEST);
}

/** The buyer's latest request, while it is their latest change of wallet; for their profile. */
export async function findWalletRequest(db: Queryable, userId: number): Promise<Me['walletRequest']> {
  const latest = await findLatestWalletChange(db, userId);
  if (!latest || latest.state === 'applied') return null;
  return { address: latest.address, state: latest.state, requestedAt: latest.requestedAt.toISOString(), decidedAt: latest.decidedAt?.toISOString() ?? null, note: latest.note };
}

export function countPendingWalletChanges(db: Queryable): Promise<number> {
  return countPendingWalletRequests(db);
}

function toAdmin(r: WalletRequestView): AdminWalletChange {
  if (r.state === 'applied') throw new Error('a buyer’s own change is not a request');
  return {
    id: r.id,
    userId: r.userId,
    email: r.email,
    previous: r.previous,
    address: r.address,
    state: r.state,
    requestedAt: r.requestedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedByLogin,
    note: r.note,
  };
}

export async function listWalletChanges(db: Queryable): Promise<{ changes: AdminWalletChange[] }> {
  return { changes: (await findWalletRequests(db, DECIDED_SHOWN)).map(toAdmin) };
}

/** Approves or rejects a pending request: the wallet, the audit entry and the buyer's e-mail in one transaction. */
export async function decideWalletChange(db: Db, publicUrl: string, actor: Actor, id: number, approved: boolean, note: string, now = new Date()): Promise<{ changes: AdminWalletChange[] }> {
  const request = await findWalletChange(db, id);
  if (!request || request.state === 'applied') throw notFound('There is no such wallet change request.');
  await db.transaction(async (tx) => {
    await lockBuyerWallet(tx, request.userId);
    const decided = await decidePending(tx, id, { state: approved ? 'approved' : 'rejected', decidedBy: actor.id, decidedAt: now, note });
    if (!decided) throw conflict(NOT_PENDING);
    if (approved) await updateBuyer(tx, decided.userId, { receivingWallet: decided.address, receivingWalletAt: now });
    await recordAudit(tx, actor, approved ? 'wallet.change_approved' : 'wallet.change_rejected', `user:${decided.userId}`, { wallet: decided.previous }, { wallet: approved ? decided.address : decided.previous, requested: decided.address, note });
    const buyer = await findBuyerById(tx, decided.userId);
    if (buyer) {
      const mail = await walletChangeDecidedMail(await mailContext(tx, publicUrl), greetingName(buyer), { approved, address: decided.address, note }, `${publicUrl}/dashboard/profile#wallet`);
      await queueMail(tx, { kind: approved ? 'wallet-change-approved' : 'wallet-change-rejected', to: buyer.email, userId: buyer.id, ...mail }, now);
    }
  });
  return listWalletChanges(db);
}
