// The referral program (issue 31): the link keeps the first code, registration records the referrer,
// and an approval credits the rewards in its own transaction, exactly once, inside the current
// stage's room and the hard cap, never for one's own order or a ring of accounts.
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { AdminReferrals, MyReferrals } from '@/contracts/referrals';
import type { Sale } from '@/contracts/sale';
import type { Transparency } from '@/contracts/transparency';
import { dec, toPlain } from '@/domain/decimal';
import { verifyLedger, type ChainEntry, type ChainOrder } from '@/domain/ledger-chain';
import { auditLog, ledgerEntries, referralRewards, saleSettings, saleStages, users } from '../../db/schema';
import { REGISTRATION, cookieValue, databaseKind, signInOperator, useTestApp } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const REF = 'presale_ref';
const RECEIVING = '0x1111111111111111111111111111111111111111';

describe(`referrals (${databaseKind})`, () => {
  const t = useTestApp();

  const sale = (allocation?: string) => sellInOneStage(t.database.db, allocation);

  async function register(email: string, options: { ref?: string; ip?: string } = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...REGISTRATION, email },
      ...(options.ref ? { cookies: { [REF]: options.ref } } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    expect(res.statusCode).toBe(201);
    const cookie = cookieValue(res, BUYER);
    if (!cookie) throw new Error('no session');
    const id = res.json<{ id: number }>().id;
    const [row] = await t.database.db.select({ code: users.referralCode, referredBy: users.referredBy }).from(users).where(eq(users.id, id));
    if (!row) throw new Error('no user');
    return { id, cookie, ...row };
  }

  async function approvedOrder(operator: string, buyerCookie: string, tokens: string) {
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyerCookie }, payload: { crypto: 'ETH', tokens } });
    expect(created.statusCode).toBe(201);
    const order = created.json<Order>();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } });
    const row = list.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === order.id);
    if (!row) throw new Error('order missing');
    const approve = () => t.app.inject({ method: 'POST', url: `/api/admin/orders/${String(row.orderId)}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });
    return { orderId: row.orderId, approve };
  }

  const entries = async () => (await t.database.db.select().from(ledgerEntries)).map((e) => ({ userId: e.userId, orderId: e.orderId, kind: e.kind, amount: toPlain(dec(e.amount)) }));
  const myReferrals = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/referrals', cookies: { [BUYER]: cookie } })).json<MyReferrals>();

  const plainFigures = (row: { tokensCommitted: string; tokensSold: string; rewardTokens: string } | undefined) => ({
    committed: toPlain(dec(row?.tokensCommitted ?? '0')),
    sold: toPlain(dec(row?.tokensSold ?? '0')),
    rewards: toPlain(dec(row?.rewardTokens ?? '0')),
  });

  /** The sale's public figures and /transparency's say the same: sold is purchases, rewards apart. */
  async function expectPublicFiguresAgree(want: { sold: string; rewards: string }): Promise<Sale> {
    const view = (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();
    const proof = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect(view.tokensSold).toBe(want.sold);
    expect(view.stages.map((s) => [s.tokensSold, s.rewardTokens])).toEqual([[want.sold, want.rewards]]);
    expect(proof.totals.tokensSold).toBe(want.sold);
    expect(dec(proof.totals.referralTokens).plus(proof.totals.campaignTokens).toString()).toBe(want.rewards);
    expect(proof.stages.map((s) => [s.tokensSold, s.rewardTokens])).toEqual([[want.sold, want.rewards]]);
    return view;
  }

  it('keeps the first link opened for 30 days, then the landing page; registration records the referrer', async () => {
    const referrer = await register('referrer@example.com');
    const other = await register('other@example.com');
    const first = await t.app.inject({ method: 'GET', url: `/r/${referrer.code}` });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/');
    const kept = first.cookies.find((c) => c.name === REF);
    expect(kept).toMatchObject({ value: referrer.code, maxAge: 30 * 24 * 60 * 60, httpOnly: true, path: '/' });
    // A later link does not replace the first; an unknown code keeps nothing.
    const second = await t.app.inject({ method: 'GET', url: `/r/${other.code}`, cookies: { [REF]: referrer.code } });
    expect(second.statusCode).toBe(302);
    expect(second.cookies.find((c) => c.name === REF)).toBeUndefined();
    const unknown = await t.app.inject({ method: 'GET', url: '/r/0000000000' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.cookies.find((c) => c.name === REF)).toBeUndefined();

    const referred = await register('referred@example.com', { ref: referrer.code });
    expect(referred.referredBy).toBe(referrer.id);
    expect(referred.code).toMatch(/^[0-9a-f]{10}$/);
    expect(referred.code).not.toBe(referrer.code);
    const plain = await register('plain@example.com', { ref: 'not-a-code' });
    expect(plain.referredBy).toBeNull();
    expect((await myReferrals(referred.cookie)).referredBy).toBe('re***@e***.com');
  });

  it('credits the referrer once at approval, from the stage, and shows it to both buyers', async () => {
    await sale();
    await t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', cookies: { [OPERATOR]: await signInOperator(t.app, t.database, 'setter', 'operator password 2') }, payload: { enabled: true, referrerPercent: '5', refereePercent: '2', minUsd: '0' } });
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    const { orderId, approve } = await approvedOrder(operator, referred.cookie, '1000');
    const results = await Promise.all(Array.from({ length: 8 }, approve));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const ledger = await entries();
    expect(ledger.filter((e) => e.kind === 'referral')).toEqual([{ userId: referrer.id, orderId, kind: 'referral', amount: '50' }]);
    expect(ledger.filter((e) => e.kind === 'referee')).toEqual([{ userId: referred.id, orderId, kind: 'referee', amount: '20' }]);
    // The stage and the sale hold the order's tokens and the rewards: 1070 of the allocation are gone;
    // the tokens sold are the purchase's alone, the rewards are counted apart.
    const [stage] = await t.database.db.select().from(saleStages);
    expect(plainFigures(stage)).toEqual({ committed: '1070', sold: '1000', rewards: '70' });
    const [totals] = await t.database.db.select().from(saleSettings);
    expect(plainFigures(totals)).toEqual({ committed: '1070', sold: '1000', rewards: '70' });
    await expectPublicFiguresAgree({ sold: '1000', rewards: '70' });

    // The buyer's order shows what credited the buyer; the referrer's reward is the referrer's.
    const own = (await t.app.inject({ method: 'GET', url: '/api/orders', cookies: { [BUYER]: referred.cookie } })).json<{ orders: { ledger: { kind: string }[] }[] }>();
    expect(own.orders.flatMap((o) => o.ledger.map((e) => e.kind)).sort()).toEqual(['bonus', 'purchase', 'referee']);

    const mine = await myReferrals(referrer.cookie);
    expect(mine).toMatchObject({ earned: '50', referredBy: null, referred: [{ buyer: 're***@e***.com', orders: [{ tokens: '1000', reward: '50', outcome: 'credited' }] }] });
    expect(await myReferrals(referred.cookie)).toMatchObject({ ownReward: '20', referredBy: 're***@e***.com', referred: [] });
    // Rewards are in the balance; the level counts what was bought.
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [BUYER]: referrer.cookie } })).json<{ balance: string; progress: { level: string | null } }>();
    expect(me).toMatchObject({ balance: '50', progress: { level: null } });

    const report = (await t.app.inject({ method: 'GET', url: '/api/admin/referrals', cookies: { [OPERATOR]: operator } })).json<AdminReferrals>();
    expect(report.topReferrers).toEqual([{ userId: referrer.id, email: 'referrer@example.com', referred: 1, rewardedOrders: 1, tokens: '50' }]);
    expect(report.rewards).toHaveLength(1);
    expect(report.flagged).toEqual([]);
    // The user's page lists the reward for both accounts.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/users/${String(referrer.id)}`, cookies: { [OPERATOR]: operator } });
    expect(detail.json<{ referrals: { referrerTokens: string }[]; ledger: { kind: string; amount: string }[] }>()).toMatchObject({ referrals: [{ referrerTokens: '50' }], ledger: [{ kind: 'referral', amount: '50' }] });
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/referrals.csv', cookies: { [OPERATOR]: operator } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain('referred@example.com,referrer@example.com,1000,50,50,20,20,credited');
  });

  it('rewards from the stage open at approval, not from one past its end whose closing is not recorded yet', async () => {
    await sale('1000');
    await t.database.db.insert(saleStages).values({ position: 2, name: 'Stage 2', priceUsd: '0.02', allocation: '10000' });
    await t.database.db.update(saleSettings).set({ hardCap: '11000', unsoldStageTokens: 'leave' });
    await t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', cookies: { [OPERATOR]: await signInOperator(t.app, t.database, 'setter', 'operator password 2') }, payload: { enabled: true, referrerPercent: '5', refereePercent: '2', minUsd: '0' } });
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    const { approve } = await approvedOrder(operator, referred.cookie, '990');
    // Stage 1 ends with the order pending in it; nothing has read the sale since, so its closing is not recorded.
    const ended = new Date(Date.now() - 60_000);
    await t.database.db.update(saleStages).set({ endsAt: ended }).where(eq(saleStages.position, 1));
    expect((await approve()).statusCode).toBe(200);

    // The rewards (49.5 + 19.8) come out of stage 2, whole: stage 1 had only 10 left when it ended.
    const [reward] = await t.database.db.select().from(referralRewards);
    const stages = await t.database.db.select().from(saleStages).orderBy(saleStages.position);
    expect(reward).toMatchObject({ outcome: 'credited', stageId: stages[1]?.id });
    expect(stages.map(plainFigures)).toEqual([
      { committed: '990', sold: '990', rewards: '0' },
      { committed: '69.3', sold: '0', rewards: '69.3' },
    ]);
    // Stage 1's closing is recorded at its own end instant.
    expect(stages[0]).toMatchObject({ closeReason: 'ended', closedAt: ended });
  });

  it('never rewards past the stage: a reward that does not fit is reduced to what fits, and says so', async () => {
    await sale('1000');
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    const { approve } = await approvedOrder(operator, referred.cookie, '990');
    expect((await approve()).statusCode).toBe(200);
    expect((await entries()).filter((e) => e.kind === 'referral').map((e) => e.amount)).toEqual(['10']);
    const [reward] = await t.database.db.select().from(referralRewards);
    expect(reward).toMatchObject({ outcome: 'reduced', note: 'Reduced from 49.5 to 10 tokens: stage 1 and the hard cap had only 10 left.' });
    const [stage] = await t.database.db.select().from(saleStages);
    expect(stage).toMatchObject({ closeReason: 'sold_out' });
    expect(plainFigures(stage)).toEqual({ committed: '1000', sold: '990', rewards: '10' });
    expect(toPlain(dec(stage?.soldAtClose ?? '0'))).toBe('990');
    const closings = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stage.closed'));
    expect(closings).toHaveLength(1);
    // Sold out by the reward: the stage says so, shows 990 sold and 10 in rewards, and nothing left.
    const view = await expectPublicFiguresAgree({ sold: '990', rewards: '10' });
    expect(view.stages[0]).toMatchObject({ state: 'closed', closeReason: 'sold_out', tokensLeft: '0' });
  });

  it('moves rewards paid before migration 0033 out of the tokens sold, at the stage, its closing and the sale', async () => {
    await sale('1000');
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    expect((await (await approvedOrder(operator, referred.cookie, '990')).approve()).statusCode).toBe(200);
    // The figures as the rewards left them before: in the sold figures, with no reward column.
    const db = t.database.db;
    await db.execute(sql`update sale_stages set tokens_sold = tokens_sold + reward_tokens, sold_at_close = sold_at_close + reward_tokens, reward_tokens = 0`);
    await db.execute(sql`update sale_settings set tokens_sold = tokens_sold + reward_tokens, reward_tokens = 0`);
    const migration = await readFile(new URL('../../../../drizzle/0033_stage_reward_tokens.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((st) => /^\s*(--[^\n]*\n\s*)*update/i.test(st))) await db.execute(sql.raw(statement));
    const [stage] = await db.select().from(saleStages);
    expect(plainFigures(stage)).toEqual({ committed: '1000', sold: '990', rewards: '10' });
    expect(toPlain(dec(stage?.soldAtClose ?? '0'))).toBe('990');
    const [totals] = await db.select().from(saleSettings);
    expect(plainFigures(totals)).toEqual({ committed: '1000', sold: '990', rewards: '10' });
  });

  it('keeps concurrent approvals inside the allocation: rewards add up to what was left, never more', async () => {
    await sale('1000');
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const first = await register('first@example.com', { ref: referrer.code });
    const second = await register('second@example.com', { ref: referrer.code });
    const a = await approvedOrder(operator, first.cookie, '480');
    const b = await approvedOrder(operator, second.cookie, '480');
    const results = await Promise.all([a.approve(), b.approve()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    // 24 wanted for each order, 40 left once both orders are counted: 24 and 16, in either order.
    const rewards = (await entries()).filter((e) => e.kind === 'referral').map((e) => e.amount).sort();
    expect(rewards).toEqual(['16', '24']);
    const [stage] = await t.database.db.select().from(saleStages);
    expect(toPlain(dec(stage?.tokensCommitted ?? '0'))).toBe('1000');
  });

  it("pays nothing for a buyer's own order, and flags it", async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const buyer = await register('self@example.com');
    // Registration cannot refer an account to itself; a row changed by hand is refused all the same.
    await t.database.db.update(users).set({ referredBy: buyer.id }).where(eq(users.id, buyer.id));
    expect((await (await approvedOrder(operator, buyer.cookie, '1000')).approve()).statusCode).toBe(200);
    expect((await entries()).map((e) => e.kind).sort()).toEqual(['bonus', 'purchase']);
    const [reward] = await t.database.db.select().from(referralRewards);
    expect(reward).toMatchObject({ outcome: 'flagged', note: "The buyer's own order.", referrerTokens: '0.000000' });
  });

  it('rewards nothing for accounts sharing the registering address and the receiving wallet, and flags them', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com', { ip: '203.0.113.7' });
    const referred = await register('second@example.com', { ref: referrer.code, ip: '203.0.113.7' });
    await t.database.db.update(users).set({ receivingWallet: RECEIVING }).where(eq(users.id, referrer.id));
    await t.database.db.update(users).set({ receivingWallet: RECEIVING.toUpperCase().replace('0X', '0x') }).where(eq(users.id, referred.id));
    const { approve } = await approvedOrder(operator, referred.cookie, '1000');
    expect((await approve()).statusCode).toBe(200);
    expect((await entries()).filter((e) => e.kind === 'referral' || e.kind === 'referee')).toEqual([]);
    const report = (await t.app.inject({ method: 'GET', url: '/api/admin/referrals', cookies: { [OPERATOR]: operator } })).json<AdminReferrals>();
    expect(report.flagged).toMatchObject([{ buyer: 'second@example.com', referrer: 'referrer@example.com', referrerWanted: '50', referrerTokens: '0', outcome: 'flagged' }]);
    expect(report.flagged[0]?.note).toContain('same address');
    const [stage] = await t.database.db.select().from(saleStages);
    expect(toPlain(dec(stage?.tokensCommitted ?? '0'))).toBe('1000');

    // The same address alone (a household, an office) is no reason to refuse a reward.
    const neighbour = await register('neighbour@example.com', { ref: referrer.code, ip: '203.0.113.7' });
    const next = await approvedOrder(operator, neighbour.cookie, '1000');
    expect((await next.approve()).statusCode).toBe(200);
    expect((await entries()).filter((e) => e.kind === 'referral').map((e) => e.amount)).toEqual(['50']);
  });

  it('pays nothing when off or below the minimum; settings are checked, audited and need the manage role', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const put = (payload: Record<string, unknown>, cookie = operator) => t.app.inject({ method: 'PUT', url: '/api/admin/referrals/settings', cookies: { [OPERATOR]: cookie }, payload });
    const bad = await put({ enabled: true, referrerPercent: '101', refereePercent: 'x', minUsd: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toMatchObject({
      referrerPercent: 'Referrer reward must be at most 100.',
      refereePercent: 'Referred buyer reward must be a number with at most 2 decimals, such as 5 or 2.5.',
      minUsd: 'Minimum purchase must be an amount in USD with at most 2 decimals, such as 50.',
    });
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'operator password 3', 'viewer');
    expect((await put({ enabled: false, referrerPercent: '5', refereePercent: '0', minUsd: '0' }, viewer)).statusCode).toBe(403);
    const ok = await put({ enabled: true, referrerPercent: '5', refereePercent: '0', minUsd: '20' });
    expect(ok.json()).toEqual({ enabled: true, referrerPercent: '5', refereePercent: '0', minUsd: '20' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.settings'));
    expect(audit.map((a) => a.after)).toEqual([{ enabled: true, referrerPercent: '5', refereePercent: '0', minUsd: '20' }]);

    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    // 1000 tokens are $10: below the $20 minimum.
    expect((await (await approvedOrder(operator, referred.cookie, '1000')).approve()).statusCode).toBe(200);
    await put({ enabled: false, referrerPercent: '5', refereePercent: '0', minUsd: '0' });
    expect((await (await approvedOrder(operator, referred.cookie, '3000')).approve()).statusCode).toBe(200);
    expect((await entries()).filter((e) => e.kind === 'referral')).toEqual([]);
  });

  it('counts sold tokens, bonus and referral rewards apart on /transparency, each equal to its ledger sum; the export verifies', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const referrer = await register('referrer@example.com');
    const referred = await register('referred@example.com', { ref: referrer.code });
    expect((await (await approvedOrder(operator, referrer.cookie, '2000')).approve()).statusCode).toBe(200);
    expect((await (await approvedOrder(operator, referred.cookie, '1000')).approve()).statusCode).toBe(200);
    const ledger = await entries();
    const sum = (kinds: string[]) => toPlain(ledger.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s.plus(e.amount), dec(0)));
    const { totals } = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect(totals).toMatchObject({ tokensSold: sum(['purchase', 'excess']), bonusTokens: sum(['bonus', 'excess_bonus']), referralTokens: sum(['referral', 'referee']) });
    expect(totals.referralTokens).toBe('50');
    const exported = (await t.app.inject({ method: 'GET', url: '/api/transparency/ledger.json' })).json<{ entries: ChainEntry[]; orders: ChainOrder[]; head: { seq: number; hash: string } }>();
    expect(verifyLedger(exported)).toMatchObject({ ok: true, entries: 5 });
  });
});
