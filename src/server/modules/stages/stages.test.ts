// The operator's stages (issue 30): what may change once orders were priced in a stage, every bad
// input's message at its field, step-up, the audit log, "end now", and the job that records a
// stage's end by time at its own instant.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MINUTES } from '@/contracts/permissions';
import type { Order } from '@/contracts/orders';
import type { AdminStage, Sale, SaleSettings, Stages, StagesBody } from '@/contracts/sale';
import type { Overview } from '@/contracts/transparency';
import { dec } from '@/domain/decimal';
import { auditLog, cryptos, saleSettings, saleStages, sessions, users } from '../../db/schema';
import { REGISTRATION, cookieValue, databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OP_COOKIE = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
type StageBody = StagesBody['stages'][number];

describe(`the operator's stages (${databaseKind})`, () => {
  const t = useTestApp();
  let operator = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: { [OP_COOKIE]: operator }, payload: method === 'GET' ? undefined : (payload ?? {}) });
  const adminStages = async () => (await call('GET', '/api/admin/sale')).json<SaleSettings>().stages;
  const bodyOf = (stages: readonly AdminStage[]): StageBody[] => stages.map(({ id, name, priceUsd, allocation, endsAt }) => ({ id, name, priceUsd, allocation, endsAt }));
  const save = (stages: StageBody[], unsoldStageTokens: StagesBody['unsoldStageTokens'] = 'roll_over') => call('PUT', '/api/admin/sale/stages', { stages, unsoldStageTokens });
  const endNow = (id: number) => call('POST', `/api/admin/sale/stages/${String(id)}/end`);
  const stageRows = () => t.database.db.select().from(saleStages).orderBy(asc(saleStages.position));
  const fieldsOf = (res: Awaited<ReturnType<typeof call>>) => res.json<{ error: { fields: Record<string, string> } }>().error.fields;
  const ethRate = async () => (await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'ETH')))[0]?.rate;
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  const signIn = async () => {
    operator = await signInOperator(t.app, t.database);
    // A soft cap small sales fit in (the seeded one is 10,000,000).
    await t.database.db.update(saleSettings).set({ softCap: '100' });
    // $3,000 an ether: 300,000 tokens at $0.01, 150,000 at $0.02.
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true, rateUpdatedAt: new Date() }).where(eq(cryptos.code, 'ETH'));
  };
  const buy = async (tokens: string) => {
    const { cookie } = await registerBuyer(t.app, { email: `buyer-${Math.random().toString(36).slice(2)}@example.com` });
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookie }, payload: { crypto: 'ETH', tokens } });
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  };
  /** Two stages: 1,000 tokens at $0.01 (the seeded stage, shrunk), 5,000 at $0.02. */
  const twoStages = async (stage1: Partial<StageBody> = {}, unsold: StagesBody['unsoldStageTokens'] = 'roll_over') => {
    const [first] = await adminStages();
    const res = await save(
      [
        { id: first?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: null, ...stage1 },
        { name: 'Public', priceUsd: '0.02', allocation: '5000', endsAt: null },
      ],
      unsold,
    );
    expect(res.statusCode).toBe(200);
    return res.json<Stages>();
  };

  it('adds, edits, reorders and removes stages after the current one; the hard cap is their sum', async () => {
    await signIn();
    const [first] = await adminStages();
    const added = await save([
      { id: first?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000000', endsAt: null },
      { name: 'Early', priceUsd: '0.0105', allocation: '2000000', endsAt: null },
      { name: 'Public', priceUsd: '0.011', allocation: '3000000', endsAt: null },
    ]);
    expect(added.statusCode).toBe(200);
    const body = added.json<Stages>();
    expect(body.hardCap).toBe('6000000');
    expect(body.stages.map((s) => [s.number, s.name, s.priceUsd, s.allocation, s.state])).toEqual([
      [1, 'Seed', '0.01', '1000000', 'current'],
      [2, 'Early', '0.0105', '2000000', 'upcoming'],
      [3, 'Public', '0.011', '3000000', 'upcoming'],
    ]);
    const [seed, early, pub] = body.stages;
    // Public before Early, Early renamed; then Early removed.
    const moved = await save([
      { id: seed?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000000', endsAt: null },
      { id: pub?.id, name: 'Public', priceUsd: '0.012', allocation: '3000000', endsAt: null },
      { id: early?.id, name: 'Late', priceUsd: '0.0105', allocation: '2000000', endsAt: null },
    ]);
    expect(moved.json<Stages>().stages.map((s) => [s.id, s.name, s.priceUsd])).toEqual([
      [seed?.id, 'Seed', '0.01'],
      [pub?.id, 'Public', '0.012'],
      [early?.id, 'Late', '0.0105'],
    ]);
    const removed = await save([
      { id: seed?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000000', endsAt: null },
      { id: pub?.id, name: 'Public', priceUsd: '0.012', allocation: '3000000', endsAt: null },
    ]);
    expect(removed.json<Stages>()).toMatchObject({ hardCap: '4000000', stages: [{ name: 'Seed' }, { name: 'Public' }] });
    expect((await stageRows()).map((r) => [r.position, r.name])).toEqual([
      [1, 'Seed'],
      [2, 'Public'],
    ]);
    const [settings] = await t.database.db.select().from(saleSettings);
    expect(settings?.hardCap).toBe('4000000.000000');
  });

  it('audits the stages as the operator sets them, before and after', async () => {
    await signIn();
    const [first] = await adminStages();
    await twoStages({}, 'leave');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sale.stages'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'sale:stages',
      before: { stages: [{ id: first?.id, name: 'Stage 1', priceUsd: '0.01', allocation: '100000000', endsAt: null }], unsoldStageTokens: 'roll_over' },
      after: {
        stages: [
          { id: first?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: null },
          { id: null, name: 'Public', priceUsd: '0.02', allocation: '5000', endsAt: null },
        ],
        unsoldStageTokens: 'leave',
      },
    });
  });

  it.each<[string, (first: number) => StageBody[], string, string]>([
    ['an allocation of 0', (id) => [{ id, name: 'Seed', priceUsd: '0.01', allocation: '0', endsAt: null }], 'stages.0.allocation', 'Allocation must be greater than zero.'],
    [
      'more than 20 stages',
      (id) => [{ id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: null }, ...Array.from({ length: 20 }, (_, i) => ({ name: `S${String(i + 2)}`, priceUsd: '0.02', allocation: '1000', endsAt: null }))],
      'stages',
      'A sale has at most 20 stages.',
    ],
    [
      'end instants out of order',
      (id) => [
        { id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: inMinutes(120) },
        { name: 'Public', priceUsd: '0.02', allocation: '1000', endsAt: inMinutes(60) },
      ],
      'stages.1.endsAt',
      'Stage 2 must end after stage 1.',
    ],
    [
      'a total above the supply',
      (id) => [
        { id, name: 'Seed', priceUsd: '0.01', allocation: '600000000', endsAt: null },
        { name: 'Public', priceUsd: '0.02', allocation: '500000000', endsAt: null },
      ],
      'stages',
      "The stages' allocations add up to 1,100,000,000 PRE, more than the total supply of 1,000,000,000 PRE.",
    ],
    ['a total below the soft cap', (id) => [{ id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: null }], 'stages', "The stages' allocations add up to 1,000 PRE, less than the soft cap of 10,000,000 PRE."],
    ['an end in the past', (id) => [{ id, name: 'Seed', priceUsd: '0.01', allocation: '100000000', endsAt: inMinutes(-1) }], 'stages.0.endsAt', 'Stage 1 must end in the future.'],
    ['a price that is not a number', (id) => [{ id, name: 'Seed', priceUsd: '1,5', allocation: '100000000', endsAt: null }], 'stages.0.priceUsd', 'Enter the price in USD, such as 0.0105.'],
    ['a stage without a name', (id) => [{ id, name: ' ', priceUsd: '0.01', allocation: '100000000', endsAt: null }], 'stages.0.name', 'Give the stage a name.'],
    ['no stage at all', () => [], 'stages', 'A sale needs at least one stage.'],
  ])('refuses %s at its field and changes nothing', async (_name, stages, field, message) => {
    await signIn();
    if (message.includes('soft cap')) await t.database.db.update(saleSettings).set({ softCap: '10000000' });
    const [first] = await adminStages();
    const before = await stageRows();
    const res = await save(stages(first?.id ?? 0));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
    expect(await stageRows()).toEqual(before);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sale.stages'))).toHaveLength(0);
  });

  it('warns of a price that does not rise only in the page: the server saves it', async () => {
    await signIn();
    const [first] = await adminStages();
    const res = await save([
      { id: first?.id, name: 'Seed', priceUsd: '0.02', allocation: '1000', endsAt: null },
      { name: 'Public', priceUsd: '0.01', allocation: '1000', endsAt: null },
    ]);
    expect(res.statusCode).toBe(200);
  });

  it('counts the tokens rolled into a stage when its orders hold more than its own allocation', async () => {
    await signIn();
    const [first] = await adminStages();
    const three = await save([
      { id: first?.id, name: 'Seed', priceUsd: '0.01', allocation: '1000', endsAt: null },
      { name: 'Early', priceUsd: '0.02', allocation: '1000', endsAt: null },
      { name: 'Public', priceUsd: '0.03', allocation: '1000', endsAt: null },
    ]);
    expect(three.statusCode, three.body).toBe(200);
    const [seed] = three.json<Stages>().stages;
    // Stage 1 ends unsold: its 1,000 roll into stage 2, which may now sell 2,000, and sells 1,500.
    expect((await endNow(seed?.id ?? 0)).statusCode).toBe(200);
    await buy('1500');
    const body = bodyOf(await adminStages());
    // Another stage's price changes: stage 2's allocation stands as it is.
    const repriced = await save(body.map((s, i) => (i === 2 ? { ...s, priceUsd: '0.035' } : s)));
    expect(repriced.statusCode, repriced.body).toBe(200);
    // Stage 2 may shrink to what its orders hold beyond the rolled-in tokens, and no further.
    const shrunk = await save(body.map((s, i) => (i === 1 ? { ...s, allocation: '499' } : i === 2 ? { ...s, priceUsd: '0.035' } : s)));
    expect(fieldsOf(shrunk)).toEqual({ 'stages.1.allocation': 'Stage 2 holds 1,500 PRE in orders, 1,000 PRE of them rolled in from the stages before it: its allocation cannot be less than 500 PRE.' });
    const least = await save(body.map((s, i) => (i === 1 ? { ...s, allocation: '500' } : i === 2 ? { ...s, priceUsd: '0.035' } : s)));
    expect(least.statusCode, least.body).toBe(200);
  });

  it('keeps the price of a stage with sales, and its allocation at least what its orders hold', async () => {
    await signIn();
    const { stages } = await twoStages();
    await buy('600');
    const body = bodyOf(stages);
    const price = await save(body.map((s, i) => (i === 0 ? { ...s, priceUsd: '0.015' } : s)));
    expect(fieldsOf(price)).toEqual({ 'stages.0.priceUsd': 'Stage 1 has sales: its price cannot change.' });
    const shrunk = await save(body.map((s, i) => (i === 0 ? { ...s, allocation: '599' } : s)));
    expect(fieldsOf(shrunk)).toEqual({ 'stages.0.allocation': 'Stage 1 holds 600 PRE in orders: its allocation cannot be less.' });
    // Down to exactly what it holds, and renamed: allowed. Its closing is recorded when the trigger sees it sold out.
    const ok = await save(body.map((s, i) => (i === 0 ? { ...s, name: 'Seed round', allocation: '600' } : s)));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Stages>().stages.map((s) => [s.name, s.allocation, s.tokensCommitted, s.hasSales])).toEqual([
      ['Seed round', '600', '600', true],
      ['Public', '5000', '0', false],
    ]);
  });

  it('refuses to remove or move the current or a closed stage, at the list', async () => {
    await signIn();
    const { stages } = await twoStages();
    const [seed, pub] = bodyOf(stages);
    if (!seed || !pub) throw new Error('two stages expected');
    expect(fieldsOf(await save([pub]))).toEqual({ stages: 'Stage 1 is current: it cannot be removed.' });
    expect(fieldsOf(await save([pub, seed]))).toEqual({ 'stages.1.name': 'Stage 1 is current: it cannot be moved.' });
    expect((await endNow(seed.id ?? 0)).statusCode).toBe(200);
    expect(fieldsOf(await save([pub]))).toEqual({ stages: 'Stage 1 is closed: it cannot be removed.' });
    expect(fieldsOf(await save([{ ...seed, name: 'Renamed' }, pub]))).toEqual({ 'stages.0.name': 'Stage 1 is closed: it cannot change.' });
  });

  it('asks for step-up: an operator who confirmed the password long ago is refused and nothing changes', async () => {
    await signIn();
    const [first] = await adminStages();
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    const before = await stageRows();
    const saved = await save([{ id: first?.id, name: 'Seed', priceUsd: '0.02', allocation: '100000000', endsAt: null }]);
    const ended = await endNow(first?.id ?? 0);
    expect([saved.statusCode, saved.json<{ error: { code: string } }>().error.code, ended.statusCode, ended.json<{ error: { code: string } }>().error.code]).toEqual([
      403,
      'step_up_required',
      403,
      'step_up_required',
    ]);
    expect(await stageRows()).toEqual(before);
  });

  it("re-derives every rate when a save changes the current stage's price", async () => {
    await signIn();
    const [first] = await adminStages();
    const res = await save([{ id: first?.id, name: 'Seed', priceUsd: '0.02', allocation: '100000000', endsAt: null }]);
    expect(res.statusCode).toBe(200);
    expect(await ethRate()).toBe('150000.000000');
    const sale = (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<{ priceUsd: string }>();
    expect(sale.priceUsd).toBe('0.02');
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'price.updated')))[0]).toMatchObject({ before: { priceUsd: '0.01' }, after: { priceUsd: '0.02' } });
  });

  it('ends the current stage now: the next becomes current, its price sets the rates, and an order is priced in it', async () => {
    await signIn();
    const { stages } = await twoStages();
    await buy('400');
    const [seed, pub] = stages;
    const notCurrent = await endNow(pub?.id ?? 0);
    expect([notCurrent.statusCode, notCurrent.json<{ error: { message: string } }>().error.message]).toEqual([409, 'Stage 2 is upcoming: only the current stage can be ended now.']);

    const ended = await endNow(seed?.id ?? 0);
    expect(ended.statusCode).toBe(200);
    // Stage 1's 600 unsold tokens roll into stage 2.
    expect(ended.json<Stages>().stages.map((s) => [s.state, s.closeReason, s.capacity, s.tokensLeft])).toEqual([
      ['closed', 'ended_early', '400', '0'],
      ['current', null, '5600', '5600'],
    ]);
    expect(await ethRate()).toBe('150000.000000');
    const endings = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stage.ended'));
    expect(endings.map((e) => e.entity)).toEqual([`stage:${String(seed?.id)}`]);
    expect(endings[0]?.after).toMatchObject({ stage: 1, reason: 'ended_early', unsold: '600', rolledTo: { stage: 2, tokens: '600' } });
    const order = await buy('100');
    expect(order.pieces).toEqual([expect.objectContaining({ stage: 2, tokens: '100', priceUsd: '0.02' })]);
    expect(order.usdAmount).toBe('2');
  });

  it.each(['roll_over', 'leave'] as const)('records a stage ended by time at its own end instant, on the job tick (%s)', async (unsold) => {
    await signIn();
    const endsAt = inMinutes(10);
    const { stages } = await twoStages({ endsAt }, unsold);
    await buy('300');
    const end = new Date(endsAt);

    await t.app.orderExpiry.runOnce(new Date(end.getTime() - 1));
    expect((await stageRows())[0]?.closedAt).toBeNull();
    expect(await ethRate()).toBe('300000.000000');

    await t.app.orderExpiry.runOnce(end);
    const [seed, pub] = await stageRows();
    expect(seed).toMatchObject({ closedAt: end, closeReason: 'ended', soldAtClose: '0.000000', committedAtClose: '300.000000' });
    expect([seed?.rolledOut, pub?.rolledIn]).toEqual(unsold === 'roll_over' ? ['700.000000', '700.000000'] : ['0.000000', '0.000000']);
    // The stored price and every rate follow stage 2 without an operator.
    expect(await ethRate()).toBe('150000.000000');
    const closings = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stage.closed'));
    expect(closings).toEqual([expect.objectContaining({ operatorLogin: 'Automatic', entity: `stage:${String(stages[0]?.id)}` })]);
    // A second tick has nothing left to record.
    await t.app.orderExpiry.runOnce(end);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stage.closed'))).toHaveLength(1);
  });

  it('counts a referral reward in the stage it came from apart from the tokens sold, and in the room it takes', async () => {
    await signIn();
    await twoStages();
    // A referred buyer's 500 tokens earn the referrer 5 % (the default): 25 tokens out of stage 1.
    const referrer = await registerBuyer(t.app, { email: 'referrer@example.com' });
    const [code] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const referred = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email: 'referred@example.com' }, cookies: { presale_ref: code?.code ?? '' } });
    const order = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: cookieValue(referred, 'presale_session') ?? '' }, payload: { crypto: 'ETH', tokens: '500' } });
    const list = (await call('GET', '/api/admin/orders?pageSize=100')).json<{ orders: { id: string; orderId: number }[] }>().orders;
    const orderId = list.find((o) => o.id === order.json<Order>().id)?.orderId ?? 0;
    expect((await call('POST', `/api/admin/orders/${String(orderId)}/approve`)).statusCode).toBe(200);

    // Sold is the purchase; the reward is apart, and both are gone from what the stage can take.
    const figures = (stages: readonly { tokensSold: string; rewardTokens: string; tokensLeft: string }[]) => stages.map((s) => [s.tokensSold, s.rewardTokens, s.tokensLeft]);
    expect(figures(await adminStages())).toEqual([
      ['500', '25', '475'],
      ['0', '0', '5000'],
    ]);
    const sale = (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();
    expect(sale.tokensSold).toBe('500');
    expect(figures(sale.stages)).toEqual(figures(await adminStages()));
    const [totals] = await t.database.db.select().from(saleSettings);
    expect([totals?.tokensCommitted, totals?.tokensSold, totals?.rewardTokens]).toEqual(['525.000000', '500.000000', '25.000000']);

    // Ended now, the stage passes on what neither sold nor rewarded; its figures at closing say which was which.
    const [seed] = await adminStages();
    expect((await endNow(seed?.id ?? 0)).statusCode).toBe(200);
    const [closed, next] = await stageRows();
    expect(closed).toMatchObject({ committedAtClose: '525.000000', soldAtClose: '500.000000', rewardTokens: '25.000000', rolledOut: '475.000000' });
    expect(next?.rolledIn).toBe('475.000000');
    expect(figures(await adminStages())).toEqual([
      ['500', '25', '0'],
      ['0', '0', '5475'],
    ]);
  });

  it("sums approved orders' pieces per stage for the Overview, a purchase across a boundary in both", async () => {
    await signIn();
    await twoStages();
    const across = await buy('1200');
    expect(across.pieces.map((p) => [p.stage, p.tokens, p.priceUsd])).toEqual([
      [1, '1000', '0.01'],
      [2, '200', '0.02'],
    ]);
    await buy('100'); // pending: not counted
    const list = (await call('GET', '/api/admin/orders?pageSize=100')).json<{ orders: { id: string; orderId: number }[] }>().orders;
    const orderId = list.find((o) => o.id === across.id)?.orderId ?? 0;
    expect((await call('POST', `/api/admin/orders/${String(orderId)}/approve`)).statusCode).toBe(200);
    const overview = (await call('GET', '/api/admin/overview?range=sale')).json<Overview>();
    expect(overview.perStage).toEqual([
      { number: 1, name: 'Seed', priceUsd: '0.01', tokens: '1000', usdAmount: '10.00', orders: 1 },
      { number: 2, name: 'Public', priceUsd: '0.02', tokens: '200', usdAmount: '4.00', orders: 1 },
    ]);
    // The same tokens as the per-day series.
    expect(overview.approved.reduce((sum, d) => sum.plus(d.tokens), dec(0)).toFixed()).toBe('1200');
  });
});
