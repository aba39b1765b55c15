// The identity gate at ordering (issue 34, decision 041): off by default; a buyer whose approved and
// pending orders with this one would pass the threshold is refused (409, saying where to verify),
// reaching it exactly is not; a verified buyer orders on; a repeated Idempotency-Key still returns
// its order; orders from deposits are not gated. The settings: step-up, validation at each field,
// the secret never sent back, audited. Both engines.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityRequiredRefusal, PROVIDER_INCOMPLETE, SECRET_TOO_SHORT, THRESHOLD_INVALID, type IdentitySettings, type MyIdentity } from '@/contracts/identity';
import { auditLog, identityChecks, orders, sessions } from '../../db/schema';
import { IDENTITY_SETTINGS, saveIdentitySettings } from '../../test/identity-fixture';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const OPERATOR = 'presale_operator_session';
const BUYER = 'presale_session';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** 100 tokens at $0.01: one dollar an order. */
const order = (t: TestContext, cookie: string, tokens = '100', idempotencyKey?: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

describe(`the identity gate at ordering (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });

  it('is off by default: any number of orders', async () => {
    await sellInOneStage(t.database.db);
    const buyer = await registerBuyer(t.app);
    for (let i = 0; i < 3; i++) expect((await order(t, buyer.cookie, '1000')).statusCode).toBe(201);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/identity', cookies: { [BUYER]: buyer.cookie } })).json<MyIdentity>();
    expect(mine).toMatchObject({ thresholdUsd: null, status: 'none', committedUsd: '30' });
  });

  it('counts pending orders: the order that would pass the threshold is refused, one reaching it exactly is not', async () => {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '2.5' });
    const buyer = await registerBuyer(t.app);
    expect((await order(t, buyer.cookie)).statusCode).toBe(201);
    expect((await order(t, buyer.cookie)).statusCode).toBe(201);
    // $2 pending + $1 = $3 > $2.50.
    const refused = await order(t, buyer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error).toEqual({ code: 'conflict', message: identityRequiredRefusal('2.5') });
    expect(refused.json<ErrorBody>().error.message).toContain('/dashboard/verification');
    // $2 + $0.50 = $2.50: reaching the threshold is not passing it.
    expect((await order(t, buyer.cookie, '50')).statusCode).toBe(201);
    // Now at the threshold: any order passes it, refused before any quote.
    expect((await order(t, buyer.cookie, '40')).statusCode).toBe(409);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(3);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/identity', cookies: { [BUYER]: buyer.cookie } })).json<MyIdentity>();
    expect(mine).toMatchObject({ thresholdUsd: '2.5', committedUsd: '2.5', mode: 'review', status: 'none' });
  });

  it('orders sent at once cannot pass the threshold together: as many are made as reach it, the rest are refused', async () => {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '2.5' });
    const buyer = await registerBuyer(t.app);
    // Five $1 orders judged together, each against $0 committed: only two fit under $2.50.
    const sent = await Promise.all(Array.from({ length: 5 }, () => order(t, buyer.cookie)));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const refused of sent.filter((r) => r.statusCode === 409)) expect(refused.json<ErrorBody>().error).toEqual({ code: 'conflict', message: identityRequiredRefusal('2.5') });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(2);
    // Another buyer's orders at the same time are judged by their own.
    const other = await registerBuyer(t.app, { email: 'other-buyer@example.com' });
    const both = await Promise.all([order(t, buyer.cookie), order(t, other.cookie), order(t, other.cookie)]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 201, 201]);
  });

  it('the database keeps the threshold whichever way orders arrive', async () => {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1.5' });
    const buyer = await registerBuyer(t.app);
    expect((await order(t, buyer.cookie)).statusCode).toBe(201);
    const [made] = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    if (!made) throw new Error('no order');
    // A second pending order written directly (as an order judged from a stale read would be) is refused.
    const { id: _id, publicId: _publicId, ...copy } = made;
    await expect(t.database.db.insert(orders).values({ ...copy, publicId: 'SECOND-ORDER' })).rejects.toMatchObject({ cause: { code: 'PS004' } });
    // Verified, the same order is taken; an order made from a deposit (approved) never was gated.
    await t.database.db.insert(identityChecks).values({ userId: buyer.id, mode: 'review', status: 'approved', submittedAt: new Date(), decidedAt: new Date(), decidedBy: 'operator' });
    await t.database.db.insert(orders).values({ ...copy, publicId: 'SECOND-ORDER' });
    await t.database.db.insert(identityChecks).values({ userId: buyer.id, mode: 'review', status: 'rejected', reason: 'Expired', submittedAt: new Date(), decidedAt: new Date(), decidedBy: 'operator' });
    await t.database.db.insert(orders).values({ ...copy, publicId: 'FROM-DEPOSIT', status: 'approved' });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(3);
  });

  it('counts approved orders and not expired or rejected ones; a verified buyer orders on', async () => {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1.5' });
    const buyer = await registerBuyer(t.app);
    expect((await order(t, buyer.cookie)).statusCode).toBe(201);
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.userId, buyer.id));
    expect((await order(t, buyer.cookie)).statusCode).toBe(201);
    await t.database.db.update(orders).set({ status: 'approved' }).where(eq(orders.status, 'pending'));
    expect((await order(t, buyer.cookie)).statusCode).toBe(409);

    await t.database.db.insert(identityChecks).values({ userId: buyer.id, mode: 'review', status: 'approved', submittedAt: new Date(), decidedAt: new Date(), decidedBy: 'operator' });
    expect((await order(t, buyer.cookie, '1000')).statusCode).toBe(201);
    // A later verdict revokes it: the latest check is the buyer's standing.
    await t.database.db.insert(identityChecks).values({ userId: buyer.id, mode: 'provider', status: 'rejected', reason: 'Document expired', submittedAt: new Date(), decidedAt: new Date(), decidedBy: 'Identity provider' });
    expect((await order(t, buyer.cookie)).statusCode).toBe(409);
  });

  it('a repeated Idempotency-Key returns the order it made, even past the threshold', async () => {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1' });
    const buyer = await registerBuyer(t.app);
    const made = await order(t, buyer.cookie, '100', 'repeat-key-1');
    expect(made.statusCode).toBe(201);
    const again = await order(t, buyer.cookie, '100', 'repeat-key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(made.json<{ id: string }>().id);
    expect((await order(t, buyer.cookie, '100', 'repeat-key-2')).statusCode).toBe(409);
  });
});

describe(`identity settings (${databaseKind})`, () => {
  const t = useTestApp();
  const put = (cookie: string, body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/identity/settings', cookies: { [OPERATOR]: cookie }, payload: { ...IDENTITY_SETTINGS, ...body } });

  it('start off; a save is audited without the secret, which is never sent back and kept when left empty', async () => {
    const operator = await signInOperator(t.app, t.database);
    const first = (await t.app.inject({ method: 'GET', url: '/api/admin/identity/settings', cookies: { [OPERATOR]: operator } })).json<IdentitySettings>();
    expect(first).toEqual({ thresholdUsd: null, mode: 'review', retentionDays: 90, webhookSecretSet: false, flowUrl: '', updatedAt: null, updatedBy: null });

    const secret = 'whsec_0123456789abcdef';
    const saved = await put(operator, { thresholdUsd: '1000', mode: 'provider', retentionDays: '30', webhookSecret: secret, flowUrl: 'https://kyc.example/flow?ref={userId}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<IdentitySettings>()).toMatchObject({ thresholdUsd: '1000', mode: 'provider', retentionDays: 30, webhookSecretSet: true, flowUrl: 'https://kyc.example/flow?ref={userId}', updatedBy: 'operator' });
    expect(saved.body).not.toContain(secret);
    const kept = await put(operator, { thresholdUsd: '1000', mode: 'provider', retentionDays: 30, webhookSecret: '', flowUrl: 'https://kyc.example/flow?ref={userId}' });
    expect(kept.json<IdentitySettings>().webhookSecretSet).toBe(true);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.settings'));
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(audit[0]?.after).toMatchObject({ thresholdUsd: '1000', mode: 'provider', webhookSecretChanged: true });
    expect(audit[1]?.after).toMatchObject({ webhookSecretChanged: false });

    const buyer = await registerBuyer(t.app);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/identity', cookies: { [BUYER]: buyer.cookie } })).json<MyIdentity>();
    expect(mine.flowUrl).toBe(`https://kyc.example/flow?ref=${String(buyer.id)}`);
  });

  it('refuses bad values at their fields, and a provider without its secret and flow address', async () => {
    const operator = await signInOperator(t.app, t.database);
    const bad = await put(operator, { thresholdUsd: '-5', retentionDays: 0, webhookSecret: 'short', flowUrl: 'http://kyc.example/flow?ref={userId}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.fields).toMatchObject({ thresholdUsd: THRESHOLD_INVALID, webhookSecret: SECRET_TOO_SHORT });
    expect(Object.keys(bad.json<ErrorBody>().error.fields ?? {}).sort()).toEqual(['flowUrl', 'retentionDays', 'thresholdUsd', 'webhookSecret']);
    const incomplete = await put(operator, { thresholdUsd: '10', mode: 'provider' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<ErrorBody>().error.fields).toEqual({ webhookSecret: PROVIDER_INCOMPLETE, flowUrl: PROVIDER_INCOMPLETE });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.settings'))).toHaveLength(0);
  });

  it('need step-up, and a Manager at least', async () => {
    const operator = await signInOperator(t.app, t.database);
    await t.database.db.update(sessions).set({ steppedUpAt: null });
    expect((await put(operator, { thresholdUsd: '10' })).json<ErrorBody>().error.code).toBe('step_up_required');
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    expect((await put(viewer, { thresholdUsd: '10' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/identity/settings', cookies: { [OPERATOR]: viewer } })).statusCode).toBe(200);
  });
});
