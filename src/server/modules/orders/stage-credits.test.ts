// Every path that sets an order's amounts other than a buyer's order prices by stage (issue 30):
// what arrived at the order's own stage prices, a late payment at today's across the stages open
// now, an expired order whose stage has closed, an overpayment's excess, and a deposit made into an
// order. Each order's pieces are what the stages count (the orders trigger): checked against the
// stages' figures every time.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import type { UnallocatedDeposit } from '@/contracts/payments';
import { dec, toPlain } from '@/domain/decimal';
import { openStages, quoteAcrossStages, type StagePiece } from '@/domain/stages';
import { accountKeys, auditLog, cryptos, depositAddresses, ledgerEntries, orders, payments, saleSettings, saleStages } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { saveIdentitySettings } from '../../test/identity-fixture';
import { findStages, getSaleSettings, lockSale, stageFigures } from '../sale/sale.service';
import { recordStageClosings } from '../sale/stage-closings.service';
import { insertOrder } from './order-creation.repository';

const OPERATOR = 'presale_operator_session';
const USDT_CONTRACT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const MINUTE = 60_000;

/** USDT at $1: 100 tokens per USDT at stage 1's $0.01, 80 at stage 2's $0.0125, 66.666666 at stage 3's $0.015. */
const STAGES = [
  { name: 'Stage 1', priceUsd: '0.01', allocation: '2000' },
  { name: 'Stage 2', priceUsd: '0.0125', allocation: '10000' },
  { name: 'Stage 3', priceUsd: '0.015', allocation: '10000' },
];

async function setUp(t: TestContext, stages = STAGES) {
  const db = t.database.db;
  await db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', rateUpdatedAt: new Date(), address: WALLET, enabled: true }).where(eq(cryptos.code, 'USDT'));
  await db.delete(saleStages);
  await db.insert(saleStages).values(stages.map((s, i) => ({ position: i + 1, ...s })));
  await db.update(saleSettings).set({ hardCap: toPlain(stages.reduce((sum, s) => sum.plus(s.allocation), dec(0))), unsoldStageTokens: 'roll_over' });
  const [key] = await db.insert(accountKeys).values({ family: 'evm', xpub: 'xpub-for-tests' }).returning();
  if (!key) throw new Error('no key');
  return key.id;
}

/** A buyer with a deposit address of their own. */
async function buyerWithAddress(t: TestContext, keyId: number, index: number) {
  const buyer = await registerBuyer(t.app, { email: `buyer-${String(index)}-${randomBytes(3).toString('hex')}@example.com` });
  const address = `0x${randomBytes(20).toString('hex')}`;
  const [row] = await t.database.db.insert(depositAddresses).values({ keyId, userId: buyer.id, derivationIndex: index, address }).returning();
  if (!row) throw new Error('no deposit address');
  return { ...buyer, address, depositAddressId: row.id };
}

/** A pending USDT order for `tokens`, priced across the stages open now as a buyer's order is, paying to the buyer's deposit address. */
async function placeOrder(t: TestContext, buyer: { id: number; address: string; depositAddressId: number | null }, tokens: string, now = new Date()) {
  const sale = await getSaleSettings(t.database.db);
  const stages = stageFigures(await findStages(t.database.db));
  const quoted = quoteAcrossStages({ tokens }, openStages(stages, now, sale.unsoldStageTokens), { usdPrice: '1', decimals: 6 });
  if (!quoted.ok) throw new Error(`no quote: ${quoted.reason}`);
  const [first] = quoted.quote.pieces;
  if (!first) throw new Error('no pieces');
  return insertOrder(t.database.db, {
    publicId: `o${randomBytes(6).toString('hex')}`,
    userId: buyer.id,
    cryptoCode: 'USDT',
    address: buyer.address,
    depositAddressId: buyer.depositAddressId,
    network: 'evm',
    chainId: 1,
    tokenContract: USDT_CONTRACT,
    decimals: 6,
    status: 'pending',
    tokens: quoted.quote.tokens,
    bonusTokens: quoted.quote.bonusTokens,
    payAmount: quoted.quote.payAmount,
    usdAmount: quoted.quote.usdAmount,
    rate: first.rate,
    priceUsd: first.priceUsd,
    stagePieces: quoted.quote.pieces,
    expiresAt: new Date(now.getTime() + 60 * MINUTE),
    createdAt: now,
    updatedAt: now,
  });
}

/** A confirmed USDT transfer of `amount` to the buyer's deposit address, held by `orderId` (none: unallocated). */
async function pay(t: TestContext, buyer: { id: number; address: string }, amount: string, orderId: number | null, seenAt = new Date()) {
  const [row] = await t.database.db
    .insert(payments)
    .values({
      network: 'evm',
      chainId: 1,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      tokenContract: USDT_CONTRACT,
      fromAddress: `0x${randomBytes(20).toString('hex')}`,
      toAddress: buyer.address,
      value: dec(amount).times(1_000_000).toFixed(0),
      blockNumber: 100n,
      userId: buyer.id,
      orderId,
      state: 'confirmed',
      paidAt: seenAt,
      createdAt: seenAt,
      updatedAt: seenAt,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}

/** Each stage's figures, beside the sums of the pieces of pending and approved orders in it. */
async function stageCounts(t: TestContext) {
  const stages = await t.database.db.select().from(saleStages).orderBy(asc(saleStages.position));
  const pieces = (await t.database.db.execute(sql`
    select (p->>'stageId')::int as id,
           sum((p->>'tokens')::numeric) filter (where o.status in ('pending', 'approved'))::text as committed,
           sum((p->>'tokens')::numeric) filter (where o.status = 'approved')::text as sold
      from orders o cross join lateral jsonb_array_elements(o.stage_pieces) as p group by 1`)) as { rows: { id: number; committed: string | null; sold: string | null }[] };
  return stages.map((s) => {
    const summed = pieces.rows.find((p) => p.id === s.id);
    return {
      committed: toPlain(dec(s.tokensCommitted)),
      sold: toPlain(dec(s.tokensSold)),
      piecesCommitted: toPlain(dec(summed?.committed ?? '0')),
      piecesSold: toPlain(dec(summed?.sold ?? '0')),
      capacity: toPlain(dec(s.allocation).plus(s.rolledIn).minus(s.rolledOut)),
      closed: s.closeReason,
    };
  });
}

/** The stage figures agree with the orders' pieces. */
async function expectStagesCountPieces(t: TestContext) {
  for (const s of await stageCounts(t)) {
    expect(s.committed).toBe(s.piecesCommitted);
    expect(s.sold).toBe(s.piecesSold);
  }
}

const piecesOf = (pieces: readonly StagePiece[]) => pieces.map((p) => ({ stage: p.stageNumber, tokens: toPlain(dec(p.tokens)), priceUsd: toPlain(dec(p.priceUsd)), payAmount: toPlain(dec(p.payAmount)) }));

async function orderRow(t: TestContext, id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

async function ledgerOf(t: TestContext, orderId: number) {
  const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
  return rows.map((e) => [e.kind, toPlain(dec(e.amount))]);
}

describe(`crediting by stage (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });

  async function admin(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
    const operator = await signInOperator(t.app, t.database, `op-${randomBytes(3).toString('hex')}`);
    return t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload ? { payload } : {}) });
  }

  it("credits a short payment at the order's stage prices: the first piece whole, part of the second, the rest back to its stage", async () => {
    const keyId = await setUp(t);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const order = await placeOrder(t, buyer, '2500');
    expect(piecesOf(order.stagePieces)).toEqual([
      { stage: 1, tokens: '2000', priceUsd: '0.01', payAmount: '20' },
      { stage: 2, tokens: '500', priceUsd: '0.0125', payAmount: '6.25' },
    ]);
    await pay(t, buyer, '23', order.id);

    const res = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { credit: 'received', note: 'short by 3.25' });
    expect(res.statusCode, res.body).toBe(200);
    // 20 USDT buys stage 1's 2,000 whole; the other 3 buy 240 at stage 2's 80 per USDT. Bonus: 12 % of 2,240.
    expect(res.json<AdminOrder>()).toMatchObject({ status: 'approved', tokens: '2240', bonusTokens: '268.8', payAmount: '23', usdAmount: '23' });
    const stored = await orderRow(t, order.id);
    expect(piecesOf(stored.stagePieces)).toEqual([
      { stage: 1, tokens: '2000', priceUsd: '0.01', payAmount: '20' },
      { stage: 2, tokens: '240', priceUsd: '0.0125', payAmount: '3' },
    ]);
    expect(await ledgerOf(t, order.id)).toEqual([
      ['purchase', '2240'],
      ['bonus', '268.8'],
    ]);
    const counts = await stageCounts(t);
    expect(counts.map((s) => [s.committed, s.sold])).toEqual([
      ['2000', '2000'],
      ['240', '240'],
      ['0', '0'],
    ]);
    await expectStagesCountPieces(t);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit?.after).toMatchObject({ credit: 'received', tokens: '2240', pieces: '2,000 at $0.0100 + 240 at $0.0125' });
  });

  it("prices a late payment at today's rate in the stage open now, never in the one that closed meanwhile", async () => {
    const keyId = await setUp(t);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const placedAt = new Date(Date.now() - 90 * MINUTE);
    const order = await placeOrder(t, buyer, '1000', placedAt);
    expect(piecesOf(order.stagePieces)).toEqual([{ stage: 1, tokens: '1000', priceUsd: '0.01', payAmount: '10' }]);
    await pay(t, buyer, '10', order.id, new Date(Date.now() - 10 * MINUTE));
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    // Stage 1 ended a minute ago: nothing has recorded it yet.
    await t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - MINUTE) }).where(eq(saleStages.position, 1));

    const res = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { credit: 'received-current' });
    expect(res.statusCode, res.body).toBe(200);
    // 10 USDT at stage 2's $0.0125: 800 tokens, 10 % bonus (Gold is 500 and up; Platinum starts at 1,000).
    expect(res.json<AdminOrder>()).toMatchObject({ status: 'approved', tokens: '800', bonusTokens: '80', payAmount: '10', priceUsd: '0.0125', rate: '80' });
    expect(piecesOf((await orderRow(t, order.id)).stagePieces)).toEqual([{ stage: 2, tokens: '800', priceUsd: '0.0125', payAmount: '10' }]);
    const counts = await stageCounts(t);
    // Stage 1's closing was recorded at its end, and its 2,000 unsold rolled into stage 2.
    expect(counts.map((s) => [s.closed, s.capacity, s.sold])).toEqual([
      ['ended', '0', '0'],
      [null, '12000', '800'],
      [null, '10000', '0'],
    ]);
    await expectStagesCountPieces(t);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stage.closed'))).map((a) => a.after)).toEqual([expect.objectContaining({ stage: 1, reason: 'ended' })]);
  });

  it("refuses a late payment at today's rate when no stage is open, with the reason", async () => {
    const keyId = await setUp(t, [{ name: 'Stage 1', priceUsd: '0.01', allocation: '2000' }]);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const order = await placeOrder(t, buyer, '1000', new Date(Date.now() - 90 * MINUTE));
    await pay(t, buyer, '10', order.id);
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    await t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - MINUTE) });

    const res = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { credit: 'received-current' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: 'No stage is open now, so 10 USDT has no price today: every stage has closed.' } });
    expect((await orderRow(t, order.id)).status).toBe('expired');
  });

  it('refuses an expired order whose stage closed and passed its tokens on, naming the stage, and approves it with the override', async () => {
    await setUp(t);
    const buyer = await registerBuyer(t.app);
    const order = await placeOrder(t, { id: buyer.id, address: WALLET, depositAddressId: null }, '1000', new Date(Date.now() - 90 * MINUTE));
    // Stage 1 ends with the order still pending: its 1,000 unsold roll over; then the order expires and its 1,000 follow.
    await t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - MINUTE) }).where(eq(saleStages.position, 1));
    await t.database.db.transaction(async (tx) => recordStageClosings(tx, await lockSale(tx), new Date()));
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    expect((await stageCounts(t)).map((s) => [s.closed, s.capacity, s.committed])).toEqual([
      ['ended', '0', '0'],
      [null, '12000', '0'],
      [null, '10000', '0'],
    ]);

    const refused = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { note: 'paid late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'over_hard_cap', message: "This expired order's 1,000 PRE no longer fit in Stage 1, which has 0 PRE left. Approve it beyond the stage's allocation only if you mean to sell more than it holds." },
    });
    expect((await orderRow(t, order.id)).status).toBe('expired');
    expect(await ledgerOf(t, order.id)).toEqual([]);

    const approved = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { note: 'paid late', overrideHardCap: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminOrder>()).toMatchObject({ status: 'approved', tokens: '1000' });
    expect((await stageCounts(t))[0]).toMatchObject({ capacity: '0', sold: '1000' });
    await expectStagesCountPieces(t);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit?.after).toMatchObject({ status: 'approved', overrideHardCap: true });
  });

  it("judges an expired order's approval by the instant: a stage past its end takes nothing more, recorded or not", async () => {
    await setUp(t);
    const buyer = await registerBuyer(t.app);
    const order = await placeOrder(t, { id: buyer.id, address: WALLET, depositAddressId: null }, '1000', new Date(Date.now() - 90 * MINUTE));
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    // Stage 1 has ended, and no job has recorded its closing yet.
    await t.database.db.update(saleStages).set({ endsAt: new Date(Date.now() - MINUTE) }).where(eq(saleStages.position, 1));
    const refused = await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, { note: 'paid late' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'over_hard_cap', message: expect.stringContaining('no longer fit in Stage 1, which has 0 PRE left') as unknown } });
    // Refused as it is once the closing is recorded (the approval recorded it at its end instant, then
    // gave way as a whole): stage 1 holds nothing of the order.
    expect((await stageCounts(t)).map((s) => s.committed)).toEqual(['0', '0', '0']);
    expect((await orderRow(t, order.id)).status).toBe('expired');
  });

  it('prices a deposit with overdue orders released first: no stage is full, or sold out, by tokens already free', async () => {
    const keyId = await setUp(t);
    const other = await buyerWithAddress(t, keyId, 1);
    // Another buyer's order for 1,500 of stage 1's 2,000, whose window closed 30 minutes ago; nothing has expired it yet.
    const overdue = await placeOrder(t, other, '1500', new Date(Date.now() - 90 * MINUTE));
    const buyer = await buyerWithAddress(t, keyId, 0);
    const deposit = await pay(t, buyer, '10', null, new Date(Date.now() - 5 * MINUTE));
    const made = await admin('POST', `/api/admin/payments/unallocated/${String(deposit.id)}/order`, { note: '' });
    expect(made.statusCode, made.body).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(and(eq(orders.userId, buyer.id), eq(orders.status, 'approved')));
    expect(piecesOf(order?.stagePieces ?? [])).toEqual([{ stage: 1, tokens: '1000', priceUsd: '0.01', payAmount: '10' }]);
    expect((await orderRow(t, overdue.id)).status).toBe('expired');
    expect((await stageCounts(t))[0]).toMatchObject({ closed: null, committed: '1000', sold: '1000' });
    await expectStagesCountPieces(t);
  });

  it("credits an overpayment's excess at the last piece's price, into its stage", async () => {
    const keyId = await setUp(t);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const order = await placeOrder(t, buyer, '2500');
    await pay(t, buyer, '27.25', order.id);
    expect((await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, {})).statusCode).toBe(200);

    const res = await admin('POST', `/api/admin/orders/${String(order.id)}/excess`, { action: 'credit', note: '' });
    expect(res.statusCode, res.body).toBe(200);
    // 1 USDT at stage 2's 80 per USDT: 80 more tokens, and 12 % of them as bonus.
    expect(res.json<AdminOrder>()).toMatchObject({ tokens: '2580', bonusTokens: '309.6', payAmount: '27.25', payment: { excessDecision: { action: 'credited', tokens: '80', bonusTokens: '9.6' } } });
    expect(piecesOf((await orderRow(t, order.id)).stagePieces)).toEqual([
      { stage: 1, tokens: '2000', priceUsd: '0.01', payAmount: '20' },
      { stage: 2, tokens: '580', priceUsd: '0.0125', payAmount: '7.25' },
    ]);
    expect(await ledgerOf(t, order.id)).toEqual([
      ['purchase', '2500'],
      ['bonus', '300'],
      ['excess', '80'],
      ['excess_bonus', '9.6'],
    ]);
    expect((await stageCounts(t)).map((s) => s.sold)).toEqual(['2000', '580', '0']);
    await expectStagesCountPieces(t);
  });

  it("refuses an excess its stage has no room for, naming the stage, and credits it with the override", async () => {
    const keyId = await setUp(t, [
      { name: 'Seed', priceUsd: '0.01', allocation: '2000' },
      { name: 'Private', priceUsd: '0.0125', allocation: '500' },
      { name: 'Public', priceUsd: '0.015', allocation: '10000' },
    ]);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const order = await placeOrder(t, buyer, '2500');
    await pay(t, buyer, '27.25', order.id);
    expect((await admin('POST', `/api/admin/orders/${String(order.id)}/approve`, {})).statusCode).toBe(200);

    const refused = await admin('POST', `/api/admin/orders/${String(order.id)}/excess`, { action: 'credit', note: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'over_hard_cap', message: "The tokens for the excess no longer fit in Stage 2 (Private), which has 0 PRE left. Credit them beyond the stage's allocation only if you mean to sell more than it holds." },
    });
    expect(await ledgerOf(t, order.id)).toEqual([
      ['purchase', '2500'],
      ['bonus', '300'],
    ]);

    const credited = await admin('POST', `/api/admin/orders/${String(order.id)}/excess`, { action: 'credit', note: '', overrideHardCap: true });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json<AdminOrder>()).toMatchObject({ tokens: '2580' });
    expect((await stageCounts(t)).map((s) => [s.sold, s.capacity])).toEqual([
      ['2000', '2000'],
      ['580', '500'],
      ['0', '10000'],
    ]);
    await expectStagesCountPieces(t);
  });

  it("makes an order from a deposit at today's prices, across the stages open now, with its pieces", async () => {
    const keyId = await setUp(t);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const deposit = await pay(t, buyer, '25', null, new Date(Date.now() - 5 * MINUTE));

    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: UnallocatedDeposit[] }>().deposits;
    // 20 USDT buys stage 1's 2,000; the other 5 buy 400 at stage 2's price.
    expect(listed).toMatchObject([
      {
        id: deposit.id,
        amount: '25',
        quote: {
          tokens: '2400',
          bonusTokens: '288',
          usdAmount: '25',
          pieces: [
            { stage: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', payAmount: '20' },
            { stage: 2, stageName: 'Stage 2', tokens: '400', priceUsd: '0.0125', payAmount: '5' },
          ],
        },
        quoteRefusal: null,
      },
    ]);

    // Identity checks from 1 USD on (decision 041): the buyer paid already, so the order is made all the same.
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database, `op-${randomBytes(3).toString('hex')}`), { thresholdUsd: '1' });
    const made = await admin('POST', `/api/admin/payments/unallocated/${String(deposit.id)}/order`, { note: 'sent without an order' });
    expect(made.statusCode, made.body).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(and(eq(orders.userId, buyer.id), eq(orders.status, 'approved')));
    if (!order) throw new Error('no order made');
    // Its country check is on record, made without a request of the buyer's (issue 34).
    expect(order.eligibility).toMatchObject({ declaredCountry: 'DE', address: null, addressCountry: null, lookup: 'no_request', verdict: 'allowed' });
    expect(order).toMatchObject({ tokens: '2400.000000', bonusTokens: '288.000000', rate: '100.000000', priceUsd: '0.01000000' });
    expect(piecesOf(order.stagePieces)).toEqual([
      { stage: 1, tokens: '2000', priceUsd: '0.01', payAmount: '20' },
      { stage: 2, tokens: '400', priceUsd: '0.0125', payAmount: '5' },
    ]);
    expect((await stageCounts(t)).map((s) => [s.closed, s.sold])).toEqual([
      ['sold_out', '2000'],
      [null, '400'],
      [null, '0'],
    ]);
    await expectStagesCountPieces(t);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.order'));
    expect(audit?.after).toMatchObject({ tokens: '2400', pieces: '2,000 at $0.0100 + 400 at $0.0125' });
  });

  it('says why a deposit has no quote when it buys more than the open stages hold, and refuses the order', async () => {
    const keyId = await setUp(t, [{ name: 'Stage 1', priceUsd: '0.01', allocation: '2000' }]);
    const buyer = await buyerWithAddress(t, keyId, 0);
    const deposit = await pay(t, buyer, '25', null, new Date(Date.now() - 5 * MINUTE));

    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: UnallocatedDeposit[] }>().deposits;
    expect(listed).toMatchObject([{ id: deposit.id, quote: null, quoteRefusal: '25 USDT buys more than the open stages hold (2,000 PRE left).' }]);
    const made = await admin('POST', `/api/admin/payments/unallocated/${String(deposit.id)}/order`, { note: '' });
    expect(made.statusCode).toBe(409);
    expect(made.json()).toMatchObject({ error: { message: '25 USDT buys more than the open stages hold (2,000 PRE left).' } });
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });
});
