// Receiving-wallet changes after the sale (issue 19): a buyer's change of a wallet already given waits
// for the sale team, who approve or reject it (a reason is required to reject); the buyer is told by
// e-mail each time; a buyer reaches only their own wallet; decisions are audited; history stays.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/contracts/auth';
import { WALLET_NOTE_REQUIRED, type AdminWalletChange } from '@/contracts/distribution';
import { auditLog, mailOutbox, saleSettings, users, walletChanges } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { NOT_PENDING } from './wallets.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NEW_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const THIRD = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

describe(`receiving-wallet changes (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  const putWallet = (cookie: string, address: string) => t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { [BUYER]: cookie }, payload: { address, currentPassword: REGISTRATION.password } });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [BUYER]: cookie } })).json<Me>();
  const mails = async (userId: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).map((m) => ({ kind: m.kind, subject: m.subject, text: m.text ?? '' }));

  /** Two buyers with wallets given during the sale, which has now ended. */
  async function endedSale() {
    const alice = await registerBuyer(t.app, { email: 'alice@example.com' });
    const bob = await registerBuyer(t.app, { email: 'bob@example.com' });
    await putWallet(alice.cookie, WALLET);
    await putWallet(bob.cookie, THIRD);
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - 7 * 86_400_000), endsAt: new Date(Date.now() - 60_000) });
    t.app.saleFigures.invalidate();
    return { alice, bob };
  }

  it('asks the sale team after the sale ended, tells the buyer by e-mail, and applies the change once approved', async () => {
    const { alice } = await endedSale();
    const operator = await signInOperator(t.app, t.database);
    const asked = await putWallet(alice.cookie, NEW_WALLET);
    expect(asked.json<Me>()).toMatchObject({ receivingWallet: WALLET, walletRequest: { address: NEW_WALLET, state: 'pending' } });
    const requested = (await mails(alice.id)).find((m) => m.kind === 'wallet-change-requested');
    expect(requested?.text).toContain(NEW_WALLET);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/wallet-changes', cookies: { [OPERATOR]: operator } });
    const [pending] = list.json<{ changes: AdminWalletChange[] }>().changes;
    expect(pending).toMatchObject({ userId: alice.id, email: 'alice@example.com', previous: WALLET, address: NEW_WALLET, state: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/distributions', cookies: { [OPERATOR]: operator } })).json()).toMatchObject({ pendingWalletChanges: 1 });

    const approve = () => t.app.inject({ method: 'POST', url: `/api/admin/wallet-changes/${pending?.id ?? 0}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ changes: AdminWalletChange[] }>().changes[0]).toMatchObject({ state: 'approved', decidedBy: 'operator' });
    expect(await me(alice.cookie)).toMatchObject({ receivingWallet: NEW_WALLET, walletRequest: { state: 'approved' } });
    expect((await mails(alice.id)).map((m) => m.kind)).toContain('wallet-change-approved');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'wallet.change_approved'));
    expect(audit).toMatchObject({ operatorLogin: 'operator', entity: `user:${alice.id}`, before: { wallet: WALLET }, after: { wallet: NEW_WALLET } });

    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: NOT_PENDING } });
    // History stays as it was decided.
    await expect(t.database.db.update(walletChanges).set({ address: THIRD }).where(eq(walletChanges.id, pending?.id ?? 0))).rejects.toThrow();
    await expect(t.database.db.delete(walletChanges)).rejects.toThrow();
  });

  it('rejects with a reason the buyer reads, leaving the wallet as it was', async () => {
    const { alice } = await endedSale();
    const operator = await signInOperator(t.app, t.database);
    await putWallet(alice.cookie, NEW_WALLET);
    const [{ id } = { id: 0 }] = await t.database.db.select({ id: walletChanges.id }).from(walletChanges).where(eq(walletChanges.state, 'pending'));
    const reject = (note: string) => t.app.inject({ method: 'POST', url: `/api/admin/wallet-changes/${id}/reject`, cookies: { [OPERATOR]: operator }, payload: { note } });

    const noReason = await reject('  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { fields: { note: WALLET_NOTE_REQUIRED } } });
    expect((await reject('Write to support from your registered address.')).statusCode).toBe(200);
    expect(await me(alice.cookie)).toMatchObject({ receivingWallet: WALLET, walletRequest: { state: 'rejected', note: 'Write to support from your registered address.' } });
    const rejected = (await mails(alice.id)).find((m) => m.kind === 'wallet-change-rejected');
    expect(rejected?.text).toContain('Write to support from your registered address.');
  });

  it('keeps each buyer to their own wallet and request', async () => {
    const { alice, bob } = await endedSale();
    await putWallet(alice.cookie, NEW_WALLET);
    // Bob's session reaches only Bob's wallet: his request is his own, and withdrawing ends only his.
    expect((await putWallet(bob.cookie, WALLET)).json<Me>()).toMatchObject({ receivingWallet: THIRD, walletRequest: { address: WALLET, state: 'pending' } });
    await t.app.inject({ method: 'DELETE', url: '/api/me/wallet-request', cookies: { [BUYER]: bob.cookie } });
    expect(await me(alice.cookie)).toMatchObject({ receivingWallet: WALLET, walletRequest: { address: NEW_WALLET, state: 'pending' } });
    // Nor can a buyer decide a request: the back-office routes need an operator session.
    const [{ id } = { id: 0 }] = await t.database.db.select({ id: walletChanges.id }).from(walletChanges).where(eq(walletChanges.userId, alice.id)).orderBy(walletChanges.id);
    const byBuyer = await t.app.inject({ method: 'POST', url: `/api/admin/wallet-changes/${id}/approve`, cookies: { [BUYER]: bob.cookie }, payload: {} });
    expect(byBuyer.statusCode).toBe(401);
    const rows = await t.database.db.select({ id: users.id, wallet: users.receivingWallet }).from(users);
    expect(rows).toEqual(expect.arrayContaining([{ id: alice.id, wallet: WALLET }, { id: bob.id, wallet: THIRD }]) as unknown);
  });

  it('lets only Managers and Owners decide, with a confirmed password to approve', async () => {
    const { alice } = await endedSale();
    await putWallet(alice.cookie, NEW_WALLET);
    const [{ id } = { id: 0 }] = await t.database.db.select({ id: walletChanges.id }).from(walletChanges).where(eq(walletChanges.state, 'pending'));
    const approver = await signInOperator(t.app, t.database, 'approver', 'approver password 1', 'approver');
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/wallet-changes/${id}/approve`, cookies: { [OPERATOR]: approver }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/wallet-changes', cookies: { [OPERATOR]: approver } })).statusCode).toBe(200);
    expect((await me(alice.cookie)).receivingWallet).toBe(WALLET);
  });
});
