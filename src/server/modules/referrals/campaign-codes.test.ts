// Campaign codes (issue 31): the bonus a buyer's quote shows is what the approval credits, once, out of
// the current stage and the hard cap; the usage limit holds under concurrent approvals; a code past its
// end or its limit is refused at the field and changes nothing.
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCampaignCode, CampaignCodeBody, CampaignOffer } from '@/contracts/campaigns';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { Transparency } from '@/contracts/transparency';
import { dec, toPlain } from '@/domain/decimal';
import { verifyLedger, type ChainEntry, type ChainOrder } from '@/domain/ledger-chain';
import { auditLog, campaignCodes, campaignRewards, ledgerEntries, orders, saleSettings, saleStages } from '../../db/schema';
import { REGISTRATION, cookieValue, databaseKind, signInOperator, useTestApp } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const LATER = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

describe(`campaign codes (${databaseKind})`, () => {
  const t = useTestApp();

  const sale = (allocation?: string) => sellInOneStage(t.database.db, allocation);

  async function register(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email } });
    expect(res.statusCode).toBe(201);
    const cookie = cookieValue(res, BUYER);
    if (!cookie) throw new Error('no session');
    return { id: res.json<{ id: number }>().id, cookie };
  }

  const createCode = (operator: string, body: Partial<CampaignCodeBody>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/campaign-codes', cookies: { [OPERATOR]: operator }, payload: { code: 'PARTNER', buyerPercent: '10', referrerPercent: '0', referrerEmail: '', usageLimit: '', endsAt: LATER, ...body } });

  const order = (cookie: string, tokens: string, campaignCode?: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens, ...(campaignCode ? { campaignCode } : {}) } });

  async function approver(operator: string, created: Order) {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } });
    const row = list.json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === created.id);
    if (!row) throw new Error('order missing');
    return { orderId: row.orderId, approve: () => t.app.inject({ method: 'POST', url: `/api/admin/orders/${String(row.orderId)}/approve`, cookies: { [OPERATOR]: operator }, payload: {} }) };
  }

  const entries = async () => (await t.database.db.select().from(ledgerEntries)).map((e) => ({ userId: e.userId, orderId: e.orderId, kind: e.kind, amount: toPlain(dec(e.amount)) }));
  const listed = async (operator: string) => (await t.app.inject({ method: 'GET', url: '/api/admin/campaign-codes', cookies: { [OPERATOR]: operator } })).json<{ codes: AdminCampaignCode[] }>().codes;

  it('credits the bonus the quote showed and the referrer reward once at approval, and shows the code’s figures', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const partner = await register('partner@example.com');
    const buyer = await register('buyer@example.com');
    const created = await createCode(operator, { code: 'Partner-1', buyerPercent: '12.5', referrerPercent: '3', referrerEmail: 'PARTNER@example.com', usageLimit: '5' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'PARTNER-1', buyerPercent: '12.5', referrerPercent: '3', referrer: 'PARTNER@example.com', usageLimit: 5, uses: 0 });
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'campaign.create'))).map((a) => a.entity)).toEqual(['campaign:PARTNER-1']);

    // The quote's bonus: what the buyer's field looks up, applied to the tokens ordered.
    const offer = await t.app.inject({ method: 'GET', url: '/api/campaign-codes/partner-1', cookies: { [BUYER]: buyer.cookie } });
    expect(offer.json<CampaignOffer>()).toEqual({ code: 'PARTNER-1', buyerPercent: '12.5' });
    const made = await order(buyer.cookie, '1001', 'partner-1');
    expect(made.statusCode).toBe(201);
    const { orderId, approve } = await approver(operator, made.json<Order>());
    const [row] = await t.database.db.select({ campaignCodeId: orders.campaignCodeId }).from(orders).where(eq(orders.id, orderId));
    expect(row?.campaignCodeId).toBe(created.json<AdminCampaignCode>().id);

    const results = await Promise.all(Array.from({ length: 6 }, approve));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const ledger = await entries();
    // 12.5 % of 1001 is 125.125; 3 % is 30.03.
    expect(ledger.filter((e) => e.kind === 'campaign')).toEqual([{ userId: buyer.id, orderId, kind: 'campaign', amount: toPlain(dec('1001').times(offer.json<CampaignOffer>().buyerPercent).div(100)) }]);
    expect(ledger.filter((e) => e.kind === 'campaign_referrer')).toEqual([{ userId: partner.id, orderId, kind: 'campaign_referrer', amount: '30.03' }]);
    const [stage] = await t.database.db.select().from(saleStages);
    expect(toPlain(dec(stage?.tokensCommitted ?? '0'))).toBe('1156.155');
    expect(await listed(operator)).toMatchObject([{ code: 'PARTNER-1', uses: 1, buyerTokens: '125.125', referrerTokens: '30.03' }]);

    // /transparency counts campaign rewards apart, equal to the ledger; the export still verifies.
    const sum = (kinds: string[]) => toPlain(ledger.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s.plus(e.amount), dec(0)));
    const { totals } = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json<Transparency>();
    expect(totals).toMatchObject({ tokensSold: sum(['purchase', 'excess']), referralTokens: sum(['referral', 'referee']), campaignTokens: sum(['campaign', 'campaign_referrer']) });
    expect(totals.campaignTokens).toBe('155.155');
    const exported = (await t.app.inject({ method: 'GET', url: '/api/transparency/ledger.json' })).json<{ entries: ChainEntry[]; orders: ChainOrder[]; head: { seq: number; hash: string } }>();
    expect(verifyLedger(exported)).toMatchObject({ ok: true });
    // The level counts purchases only.
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [BUYER]: buyer.cookie } })).json<{ balance: string }>();
    expect(dec(me.balance).gte('1126.125')).toBe(true);
  });

  it('refuses a code that is unknown, past its end or used up at the field, and creates no order', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    const buyer = await register('buyer@example.com');
    expect((await createCode(operator, { code: 'OLD', endsAt: new Date(Date.now() - 1000).toISOString() })).json()).toMatchObject({ error: { fields: { endsAt: 'The end must be in the future.' } } });
    expect((await createCode(operator, { code: 'OLD' })).statusCode).toBe(201);
    expect((await createCode(operator, { code: 'old' })).json()).toMatchObject({ error: { fields: { code: 'This code already exists.' } } });
    expect((await createCode(operator, { code: 'XYZ', referrerPercent: '2', referrerEmail: 'nobody@example.com' })).json()).toMatchObject({ error: { fields: { referrerEmail: 'No buyer account has this e-mail.' } } });
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'operator password 3', 'viewer');
    expect((await createCode(viewer, { code: 'VIEWER' })).statusCode).toBe(403);
    // The code ends: orders made afterwards are refused.
    await t.database.db.update(campaignCodes).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(campaignCodes.code, 'OLD'));
    await createCode(operator, { code: 'ONCE', usageLimit: '1' });
    await t.database.db.update(campaignCodes).set({ uses: 1 }).where(eq(campaignCodes.code, 'ONCE'));

    for (const [code, message] of [
      ['OLD', 'This campaign code has ended.'],
      ['ONCE', 'This campaign code has reached its usage limit.'],
      ['NOPE', 'This campaign code does not exist.'],
      ['a b', 'A campaign code is 3 to 32 letters, digits, - or _.'],
    ] as const) {
      const res = await order(buyer.cookie, '1000', code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ error: { fields: { campaignCode: message } } });
    }
    const lookup = await t.app.inject({ method: 'GET', url: '/api/campaign-codes/OLD', cookies: { [BUYER]: buyer.cookie } });
    expect(lookup.json()).toMatchObject({ error: { fields: { campaignCode: 'This campaign code has ended.' } } });
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });

  it('holds the usage limit under concurrent approvals: uses are counted at approval, under the code’s lock', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    await createCode(operator, { code: 'TWICE', usageLimit: '2' });
    // Orders that are never paid use nothing: four buyers may order while no use is counted.
    const approvals = [];
    for (const n of [1, 2, 3, 4]) {
      const buyer = await register(`buyer${String(n)}@example.com`);
      const made = await order(buyer.cookie, '1000', 'TWICE');
      expect(made.statusCode).toBe(201);
      approvals.push({ ...(await approver(operator, made.json<Order>())), buyer, id: made.json<Order>().id });
    }
    const results = await Promise.all(approvals.map((a) => a.approve()));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const credited = (await entries()).filter((e) => e.kind === 'campaign');
    expect(credited).toHaveLength(2);
    expect(credited.every((e) => e.amount === '100')).toBe(true);
    expect(await listed(operator)).toMatchObject([{ code: 'TWICE', uses: 2, buyerTokens: '200' }]);
    const late = await register('late@example.com');
    expect((await order(late.cookie, '1000', 'TWICE')).json()).toMatchObject({ error: { fields: { campaignCode: 'This campaign code has reached its usage limit.' } } });
  });

  it('says on the order, to its buyer and the operator, when a quoted bonus was not paid because the limit was reached, and audits it', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    await createCode(operator, { code: 'ONCE', usageLimit: '1' });
    const [first, second] = [await register('first@example.com'), await register('second@example.com')];
    // Both order while the code has its use left; the first approval takes it.
    const made = [await order(first.cookie, '1000', 'ONCE'), await order(second.cookie, '500', 'ONCE')].map((r) => r.json<Order>());
    const [a, b] = [await approver(operator, made[0] as Order), await approver(operator, made[1] as Order)];
    const buyerOrder = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
    // Pending: nothing paid yet, nothing to say.
    expect((await buyerOrder(second.cookie, made[1]?.id ?? '')).campaign).toBeNull();
    expect((await a.approve()).statusCode).toBe(200);
    const decided = await b.approve();
    expect(decided.statusCode).toBe(200);

    const note = 'Not paid: campaign code ONCE had reached its usage limit (1 use) when this order was approved.';
    expect((await buyerOrder(first.cookie, made[0]?.id ?? '')).campaign).toEqual({ code: 'ONCE', outcome: 'credited', wanted: '100', credited: '100', note: '' });
    const unpaid = await buyerOrder(second.cookie, made[1]?.id ?? '');
    expect(unpaid.campaign).toEqual({ code: 'ONCE', outcome: 'not_paid', wanted: '50', credited: '0', note });
    expect(unpaid.ledger.map((e) => e.kind)).not.toContain('campaign');
    // The back-office's order shows the same, in the list and on its own.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } })).json<{ orders: AdminOrder[] }>();
    expect(list.orders.find((o) => o.orderId === b.orderId)?.campaign).toEqual({ code: 'ONCE', outcome: 'not_paid', wanted: '50', credited: '0', note });
    expect(decided.json<AdminOrder>().campaign).toMatchObject({ outcome: 'not_paid', note });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'campaign.not_paid'));
    expect(audit.map((e) => [e.operatorLogin, e.entity, e.after])).toEqual([['Automatic', `order:${String(b.orderId)}`, { code: 'ONCE', usageLimit: 1, buyerWanted: '50', referrerWanted: '0' }]]);
    expect(await listed(operator)).toMatchObject([{ code: 'ONCE', uses: 1, buyerTokens: '100' }]);
  });

  it('migration 0034 records the outcome of orders approved before it from the ledger', async () => {
    await sale();
    const operator = await signInOperator(t.app, t.database);
    await createCode(operator, { code: 'ONCE', usageLimit: '1', buyerPercent: '10' });
    const buyers = [await register('first@example.com'), await register('second@example.com')];
    const made = [await order(buyers[0]?.cookie ?? '', '1000', 'ONCE'), await order(buyers[1]?.cookie ?? '', '500', 'ONCE')].map((r) => r.json<Order>());
    const approvers = [await approver(operator, made[0] as Order), await approver(operator, made[1] as Order)];
    for (const a of approvers) expect((await a.approve()).statusCode).toBe(200);
    // As before the migration: no outcome rows.
    const db = t.database.db;
    await db.delete(campaignRewards);
    const migration = await readFile(new URL('../../../../drizzle/0034_campaign_rewards.sql', import.meta.url), 'utf8');
    const insert = migration.split('--> statement-breakpoint').find((st) => st.includes('INSERT INTO'));
    await db.execute(sql.raw(insert ?? ''));
    const rows = await db.select().from(campaignRewards).orderBy(campaignRewards.orderId);
    expect(rows.map((r) => [r.orderId, r.outcome, toPlain(dec(r.buyerWanted)), toPlain(dec(r.buyerTokens)), r.note])).toEqual([
      [approvers[0]?.orderId, 'credited', '100', '100', ''],
      [approvers[1]?.orderId, 'not_paid', '50', '0', 'Not paid: the code had reached its usage limit, or the stage had no room left (found by migration 0034).'],
    ]);
  });

  it('takes the bonus from the stage and the hard cap, reduced to what fits', async () => {
    await sale('1050');
    const operator = await signInOperator(t.app, t.database);
    const buyer = await register('buyer@example.com');
    await createCode(operator, { code: 'BIG', buyerPercent: '20' });
    const made = await order(buyer.cookie, '1000', 'BIG');
    expect(made.statusCode).toBe(201);
    expect((await (await approver(operator, made.json<Order>())).approve()).statusCode).toBe(200);
    // 200 wanted, 50 left in the stage that is the whole hard cap: the order says so.
    expect((await entries()).filter((e) => e.kind === 'campaign').map((e) => e.amount)).toEqual(['50']);
    const own = (await t.app.inject({ method: 'GET', url: `/api/orders/${made.json<Order>().id}`, cookies: { [BUYER]: buyer.cookie } })).json<Order>();
    expect(own.campaign).toEqual({ code: 'BIG', outcome: 'reduced', wanted: '200', credited: '50', note: 'Reduced from 200 to 50 tokens: stage 1 and the hard cap had only 50 left.' });
    const [stage] = await t.database.db.select().from(saleStages);
    expect(toPlain(dec(stage?.tokensCommitted ?? '0'))).toBe('1050');
    expect(stage?.closedAt).not.toBeNull();
    const [totals] = await t.database.db.select().from(saleSettings);
    expect(dec(totals?.tokensCommitted ?? '0').lte(totals?.hardCap ?? '0')).toBe(true);
  });
});
