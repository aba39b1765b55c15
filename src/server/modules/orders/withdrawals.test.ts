// The withdrawal right (issue 34, decision 040): off by default; where on, a buyer withdraws an
// approved order before its approval + N days (judged by the instant), once; the operator completes
// it by recording the refund, exactly once, in one transaction that writes reversing ledger entries,
// gives the tokens back to the stage and the sale, reverses the rewards the order paid, and that
// /transparency counts apart; or declines it with a reason the buyer reads.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/contracts/auth';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { LedgerExport, Transparency } from '@/contracts/transparency';
import type { AdminWithdrawal, AdminWithdrawals } from '@/contracts/withdrawals';
import { dec, toPlain } from '@/domain/decimal';
import { verifyLedger } from '@/domain/ledger-chain';
import type { OperatorActor } from '../../actor';
import { auditLog, distributions, ledgerEntries, mailOutbox, operators, saleSettings, saleStages, users, withdrawalRequests } from '../../db/schema';
import { cookieValue, databaseKind, REGISTRATION, signInOperator, useTestApp } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';
import { ALREADY_REQUESTED, DELIVERED, requestWithdrawal, WITHDRAWAL_OFF, windowClosed } from './withdrawal.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const DAY = 24 * 60 * 60 * 1000;
const REFUND = { amount: '0.0035', txHash: '0x' + 'ab'.repeat(32), note: 'Sent back from the sale wallet.' };

describe(`withdrawal right (${databaseKind})`, () => {
  const t = useTestApp();

  async function register(email: string, ref?: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email }, ...(ref ? { cookies: { presale_ref: ref } } : {}) });
    expect(res.statusCode).toBe(201);
    const cookie = cookieValue(res, BUYER);
    if (!cookie) throw new Error('no session');
    const id = res.json<{ id: number }>().id;
    const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, id));
    return { id, cookie, code: row?.code ?? '' };
  }

  async function operator(): Promise<{ cookie: string; actor: OperatorActor }> {
    const cookie = await signInOperator(t.app, t.database);
    const [row] = await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.login, 'operator'));
    if (!row) throw new Error('no operator');
    return { cookie, actor: { id: row.id, login: 'operator', role: 'owner', mustChangePassword: false, mustEnrolSecondFactor: false, identityAccess: false } };
  }

  /** An order of `tokens` bought with ETH and approved at `approvedAt`. */
  async function approvedOrder(op: { cookie: string; actor: OperatorActor }, buyer: { cookie: string }, tokens: string, approvedAt = new Date(), campaignCode?: string) {
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'ETH', tokens, ...(campaignCode ? { campaignCode } : {}) } });
    expect(created.statusCode).toBe(201);
    const order = created.json<Order>();
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: op.cookie } })).json<{ orders: AdminOrder[] }>();
    const row = list.orders.find((o) => o.id === order.id);
    if (!row) throw new Error('order missing');
    await t.app.orders.approve(op.actor, row.orderId, '', {}, approvedAt);
    return { publicId: order.id, orderId: row.orderId, approvedAt };
  }

  const turnOn = (op: { cookie: string }, days = 14) => t.app.inject({ method: 'PUT', url: '/api/admin/withdrawals/settings', cookies: { [OPERATOR]: op.cookie }, payload: { enabled: true, days } });
  const ask = (cookie: string, publicId: string) => t.app.inject({ method: 'POST', url: `/api/orders/${publicId}/withdrawal`, cookies: { [BUYER]: cookie }, payload: {} });
  const readOrder = async (cookie: string, publicId: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${publicId}`, cookies: { [BUYER]: cookie } })).json<Order>();
  const list = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/admin/withdrawals', cookies: { [OPERATOR]: cookie } })).json<AdminWithdrawals>();
  const firstRequest = async (cookie: string) => {
    const [request] = (await list(cookie)).requests;
    if (!request) throw new Error('no request');
    return request;
  };
  const complete = (cookie: string, id: number, body: object = REFUND) => t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${String(id)}/complete`, cookies: { [OPERATOR]: cookie }, payload: body });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [BUYER]: cookie } })).json<Me>();
  const errorOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
  const kinds = async (orderId: number) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(ledgerEntries.seq)).map((e) => [e.userId, e.kind, toPlain(dec(e.amount))]);
  const figures = async () => {
    const [sale] = await t.database.db.select().from(saleSettings);
    const [stage] = await t.database.db.select().from(saleStages);
    const p = (v: string | undefined) => toPlain(dec(v ?? '0'));
    return { sale: [p(sale?.tokensCommitted), p(sale?.tokensSold), p(sale?.rewardTokens)], stage: [p(stage?.tokensCommitted), p(stage?.tokensSold), p(stage?.rewardTokens)] };
  };

  it('is off by default: the order offers nothing and the server refuses a request', async () => {
    await sellInOneStage(t.database.db);
    const op = await operator();
    const buyer = await register('buyer@example.com');
    const order = await approvedOrder(op, buyer, '1000');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/withdrawals/settings', cookies: { [OPERATOR]: op.cookie } })).json()).toEqual({ enabled: false, days: 14 });
    expect((await readOrder(buyer.cookie, order.publicId)).withdrawal).toBeNull();
    const refused = await ask(buyer.cookie, order.publicId);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([409, WITHDRAWAL_OFF]);
    expect(await t.database.db.select().from(withdrawalRequests)).toEqual([]);
  });

  it('takes a request within the window, judged by the instant, once; after the deadline it is refused', async () => {
    await sellInOneStage(t.database.db);
    const op = await operator();
    expect((await turnOn(op, 14)).json()).toEqual({ enabled: true, days: 14 });
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.settings'));
    expect([audited?.before, audited?.after]).toEqual([{ enabled: false, days: 14 }, { enabled: true, days: 14 }]);
    const buyer = await register('buyer@example.com');
    const approvedAt = new Date(Date.now() - 1000);
    const within = await approvedOrder(op, buyer, '1000', approvedAt);
    const late = await approvedOrder(op, buyer, '500', approvedAt);
    const deadline = new Date(approvedAt.getTime() + 14 * DAY);

    const shown = (await readOrder(buyer.cookie, within.publicId)).withdrawal;
    expect(shown).toEqual({ deadline: deadline.toISOString(), canRequest: true, refusal: null, request: null });

    // The last millisecond before the deadline is within it; the deadline itself is not.
    await requestWithdrawal(t.database.db, t.app.events, t.config.PUBLIC_URL, buyer.id, within.publicId, new Date(deadline.getTime() - 1));
    await expect(requestWithdrawal(t.database.db, t.app.events, t.config.PUBLIC_URL, buyer.id, late.publicId, deadline)).rejects.toThrow(windowClosed(deadline));

    const again = await ask(buyer.cookie, within.publicId);
    expect([again.statusCode, errorOf(again).message]).toEqual([409, ALREADY_REQUESTED]);
    const view = (await readOrder(buyer.cookie, within.publicId)).withdrawal;
    expect([view?.canRequest, view?.request?.state, view?.deadline]).toEqual([false, 'requested', deadline.toISOString()]);
    expect((await t.database.db.select().from(withdrawalRequests)).map((r) => [r.orderId, r.state])).toEqual([[within.orderId, 'requested']]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'withdrawal-requested'));
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([['buyer@example.com', `Your withdrawal of order #${within.publicId} was received`]]);
    const [requested] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.request'));
    expect([requested?.entity, (requested?.after as { buyer: string }).buyer]).toEqual([`order:${within.publicId}`, 'buyer@example.com']);
    // Nothing has left the balance yet: the operator completes the request.
    expect((await me(buyer.cookie)).balance).not.toBe('0');
  });

  it('completes once with the refund: reversing ledger entries, the stage and sale figures back, /transparency counting the refund, the chain checking', async () => {
    await sellInOneStage(t.database.db, '100000');
    const op = await operator();
    await turnOn(op);
    const buyer = await register('buyer@example.com');
    const kept = await approvedOrder(op, buyer, '200');
    const order = await approvedOrder(op, buyer, '1000');
    const before = await figures();
    expect(before).toEqual({ sale: ['1200', '1200', '0'], stage: ['1200', '1200', '0'] });
    expect((await ask(buyer.cookie, order.publicId)).statusCode).toBe(200);
    const request = await firstRequest(op.cookie);
    expect([request.order, request.state, request.tokens, request.payAmount, request.crypto]).toEqual([order.publicId, 'requested', '1000', '0.00333334', 'ETH']);

    const tooFine = await complete(op.cookie, request.id, { ...REFUND, amount: '0.000000001' });
    expect(tooFine.statusCode).toBe(400);
    const noHash = await complete(op.cookie, request.id, { ...REFUND, txHash: '' });
    expect([noHash.statusCode, errorOf(noHash).fields?.txHash]).toEqual([400, "Enter the refund's transaction hash."]);
    // An ether order is refunded on its EVM chain: a Bitcoin-style id is not its hash.
    const otherNetwork = await complete(op.cookie, request.id, { ...REFUND, txHash: 'ab'.repeat(32) });
    expect([otherNetwork.statusCode, errorOf(otherNetwork).fields?.txHash]).toEqual([400, 'An EVM transaction hash is 0x followed by 64 hex digits.']);
    expect(await figures()).toEqual(before);

    const done = await complete(op.cookie, request.id);
    expect(done.statusCode).toBe(200);
    const decided = done.json<AdminWithdrawal>();
    expect([decided.state, decided.orderStatus, decided.refund]).toEqual(['completed', 'withdrawn', { ...REFUND, tokens: '1000', bonusTokens: '120' }]);

    // Level bonus 12% (Platinum): the credits stay, and entries of their own take them back.
    expect(await kinds(order.orderId)).toEqual([
      [buyer.id, 'purchase', '1000'],
      [buyer.id, 'bonus', '120'],
      [buyer.id, 'withdrawal', '-1000'],
      [buyer.id, 'withdrawal_bonus', '-120'],
    ]);
    const balance = await me(buyer.cookie);
    expect([balance.balance, balance.bonusTokens]).toEqual(['214', '14']);
    expect(await figures()).toEqual({ sale: ['200', '200', '0'], stage: ['200', '200', '0'] });

    const proof = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect([proof.totals.tokensSold, proof.totals.bonusTokens, proof.totals.orders, proof.totals.refunds]).toEqual(['200', '14', 1, { orders: 1, tokens: '1000', bonusTokens: '120' }]);
    expect(proof.stages.map((s) => s.tokensSold)).toEqual(['200']);
    const exported = (await t.app.inject({ method: 'GET', url: '/api/transparency/ledger.json' })).json<LedgerExport>();
    expect(exported.orders.map((o) => [o.orderId, o.withdrawn])).toEqual([
      [order.orderId, true],
      [kept.orderId, false],
    ]);
    expect(verifyLedger({ entries: exported.entries, head: exported.head, orders: exported.orders }).ok).toBe(true);
    // An export that hides the withdrawal is caught.
    const hidden = verifyLedger({ entries: exported.entries, orders: exported.orders.map((o) => ({ ...o, withdrawn: false })) });
    expect(hidden.ok).toBe(false);

    const view = await readOrder(buyer.cookie, order.publicId);
    expect([view.status, view.withdrawal?.request?.state, view.withdrawal?.request?.refund]).toEqual(['withdrawn', 'completed', { amount: REFUND.amount, txHash: REFUND.txHash, note: REFUND.note }]);
    expect(view.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['purchase', '1000'],
      ['bonus', '120'],
      ['withdrawal', '-1000'],
      ['withdrawal_bonus', '-120'],
    ]);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'withdrawal-completed'));
    expect(mail?.text).toContain(REFUND.txHash);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.complete'));
    expect(audit?.operatorLogin).toBe('operator');
    expect(audit?.after).toMatchObject({ status: 'withdrawn', tokens: '1000', bonusTokens: '120', refund: { amount: REFUND.amount, currency: 'ETH', txHash: REFUND.txHash } });

    const twice = await complete(op.cookie, request.id);
    expect([twice.statusCode, errorOf(twice).message]).toEqual([409, 'This withdrawal was completed already.']);
  });

  it('completes exactly once under concurrent completions', async () => {
    await sellInOneStage(t.database.db, '100000');
    const op = await operator();
    await turnOn(op);
    const buyer = await register('buyer@example.com');
    const order = await approvedOrder(op, buyer, '1000');
    await ask(buyer.cookie, order.publicId);
    const request = await firstRequest(op.cookie);
    const results = await Promise.all(Array.from({ length: 4 }, () => complete(op.cookie, request.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await kinds(order.orderId)).filter(([, kind]) => String(kind).startsWith('withdrawal'))).toEqual([
      [buyer.id, 'withdrawal', '-1000'],
      [buyer.id, 'withdrawal_bonus', '-120'],
    ]);
    expect(await figures()).toEqual({ sale: ['0', '0', '0'], stage: ['0', '0', '0'] });
    expect((await me(buyer.cookie)).balance).toBe('0');
  });

  it("reverses the referral rewards the order paid, for the referrer too, and gives them back to the stage", async () => {
    await sellInOneStage(t.database.db, '100000');
    const op = await operator();
    await turnOn(op);
    await t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', cookies: { [OPERATOR]: op.cookie }, payload: { enabled: true, referrerPercent: '5', refereePercent: '2', minUsd: '0' } });
    const referrer = await register('referrer@example.com');
    const buyer = await register('buyer@example.com', referrer.code);
    const order = await approvedOrder(op, buyer, '1000');
    expect(await figures()).toEqual({ sale: ['1070', '1000', '70'], stage: ['1070', '1000', '70'] });
    await ask(buyer.cookie, order.publicId);
    const request = await firstRequest(op.cookie);
    expect((await complete(op.cookie, request.id)).statusCode).toBe(200);

    const entries = await kinds(order.orderId);
    expect(entries.filter(([, kind]) => String(kind).includes('refer'))).toEqual([
      [referrer.id, 'referral', '50'],
      [buyer.id, 'referee', '20'],
      [referrer.id, 'referral_reversal', '-50'],
      [buyer.id, 'referee_reversal', '-20'],
    ]);
    expect((await me(referrer.cookie)).balance).toBe('0');
    expect((await me(buyer.cookie)).balance).toBe('0');
    const earned = (await t.app.inject({ method: 'GET', url: '/api/me/referrals', cookies: { [BUYER]: referrer.cookie } })).json<{ earned: string }>();
    expect(earned.earned).toBe('0');
    expect(await figures()).toEqual({ sale: ['0', '0', '0'], stage: ['0', '0', '0'] });
    const proof = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect([proof.totals.referralTokens, proof.totals.tokensSold]).toEqual(['0', '0']);
    const exported = (await t.app.inject({ method: 'GET', url: '/api/transparency/ledger.json' })).json<LedgerExport>();
    expect(verifyLedger({ entries: exported.entries, head: exported.head, orders: exported.orders }).ok).toBe(true);
  });

  it('reverses a campaign code’s bonus and its referrer reward alike, back to the stage they came from', async () => {
    await sellInOneStage(t.database.db, '100000');
    const op = await operator();
    await turnOn(op);
    await t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', cookies: { [OPERATOR]: op.cookie }, payload: { enabled: false, referrerPercent: '5', refereePercent: '0', minUsd: '0' } });
    const partner = await register('partner@example.com');
    const buyer = await register('buyer@example.com');
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaign-codes',
      cookies: { [OPERATOR]: op.cookie },
      payload: { code: 'PARTNER', buyerPercent: '10', referrerPercent: '3', referrerEmail: 'partner@example.com', usageLimit: '', endsAt: new Date(Date.now() + DAY).toISOString() },
    });
    expect(code.statusCode).toBe(201);
    const order = await approvedOrder(op, buyer, '1000', new Date(), 'PARTNER');
    expect(await figures()).toEqual({ sale: ['1130', '1000', '130'], stage: ['1130', '1000', '130'] });
    await ask(buyer.cookie, order.publicId);
    const request = await firstRequest(op.cookie);
    expect((await complete(op.cookie, request.id)).statusCode).toBe(200);
    expect((await kinds(order.orderId)).filter(([, kind]) => String(kind).startsWith('campaign'))).toEqual([
      [buyer.id, 'campaign', '100'],
      [partner.id, 'campaign_referrer', '30'],
      [buyer.id, 'campaign_reversal', '-100'],
      [partner.id, 'campaign_referrer_reversal', '-30'],
    ]);
    expect([(await me(buyer.cookie)).balance, (await me(partner.cookie)).balance]).toEqual(['0', '0']);
    expect(await figures()).toEqual({ sale: ['0', '0', '0'], stage: ['0', '0', '0'] });
    const proof = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect(proof.totals.campaignTokens).toBe('0');
  });

  it('declines with a reason the buyer reads; the order stays approved and credited', async () => {
    await sellInOneStage(t.database.db);
    const op = await operator();
    await turnOn(op);
    const buyer = await register('buyer@example.com');
    const order = await approvedOrder(op, buyer, '1000');
    await ask(buyer.cookie, order.publicId);
    const request = await firstRequest(op.cookie);
    const noReason = await t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${String(request.id)}/decline`, cookies: { [OPERATOR]: op.cookie }, payload: { reason: '' } });
    expect([noReason.statusCode, errorOf(noReason).fields?.reason]).toEqual([400, 'Say why the withdrawal is declined: the buyer reads it.']);
    const declined = await t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${String(request.id)}/decline`, cookies: { [OPERATOR]: op.cookie }, payload: { reason: 'The tokens were already sent to your wallet.' } });
    expect([declined.statusCode, declined.json<AdminWithdrawal>().state]).toEqual([200, 'declined']);
    const view = await readOrder(buyer.cookie, order.publicId);
    expect([view.status, view.withdrawal?.request?.state, view.withdrawal?.request?.declineReason, view.withdrawal?.canRequest]).toEqual(['approved', 'declined', 'The tokens were already sent to your wallet.', false]);
    expect((await me(buyer.cookie)).balance).toBe('1120');
    expect((await complete(op.cookie, request.id)).statusCode).toBe(409);
    expect(await t.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(and(eq(mailOutbox.userId, buyer.id), eq(mailOutbox.kind, 'withdrawal-declined')))).toHaveLength(1);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.decline'))).toHaveLength(1);
  });

  it('refuses once a distribution froze the order’s tokens for delivery', async () => {
    await sellInOneStage(t.database.db);
    const op = await operator();
    await turnOn(op);
    const buyer = await register('buyer@example.com');
    const order = await approvedOrder(op, buyer, '1000');
    const [last] = await t.database.db.select({ seq: ledgerEntries.seq }).from(ledgerEntries).orderBy(ledgerEntries.seq);
    await t.database.db.insert(distributions).values({ fromSeq: 0, upToSeq: last?.seq ?? 1, decimals: 18 });
    const view = (await readOrder(buyer.cookie, order.publicId)).withdrawal;
    expect([view?.canRequest, view?.refusal]).toEqual([false, DELIVERED]);
    const refused = await ask(buyer.cookie, order.publicId);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([409, DELIVERED]);
  });
});
