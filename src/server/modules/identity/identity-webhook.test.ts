// A provider's verdicts (issue 34, decision 041), sent by a stand-in over real HTTP on loopback:
// accepted only with a valid HMAC-SHA256 over the raw body, once per event id, refused when older
// than 5 minutes; audited and mailed; the verdict opens (or closes) ordering. Both engines.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyIdentity } from '@/contracts/identity';
import { auditLog, identityChecks, identityProviderEvents, mailOutbox } from '../../db/schema';
import { saveIdentitySettings } from '../../test/identity-fixture';
import { IdentityProviderStandIn } from '../../test/identity-provider';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const BUYER = 'presale_session';
const SECRET = 'whsec_loopback_provider_secret';

describe(`identity provider webhook (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });

  /** The server on loopback, and the provider pointed at it. */
  async function listening(): Promise<IdentityProviderStandIn> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    return new IdentityProviderStandIn(`http://127.0.0.1:${String(address.port)}`, SECRET);
  }

  async function providerSale() {
    await sellInOneStage(t.database.db);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '0.5', mode: 'provider', webhookSecret: SECRET, flowUrl: 'https://kyc.example/flow?ref={userId}' });
    return registerBuyer(t.app);
  }

  const order = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '100' } });
  const mine = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/identity', cookies: { [BUYER]: cookie } })).json<MyIdentity>();
  const now = () => Math.floor(Date.now() / 1000);

  it('a signed verdict verifies the buyer, once per event id; the buyer is sent to the flow by the template', async () => {
    const stand = await listening();
    const buyer = await providerSale();
    expect(await mine(buyer.cookie)).toMatchObject({ mode: 'provider', status: 'none', flowUrl: `https://kyc.example/flow?ref=${String(buyer.id)}` });
    expect((await order(buyer.cookie)).statusCode).toBe(409);

    const event = { eventId: 'evt_1', userId: buyer.id, verdict: 'approved' as const, timestamp: now() };
    expect(await stand.send(event)).toEqual({ status: 200, body: { ok: true, duplicate: false } });
    expect(await mine(buyer.cookie)).toMatchObject({ status: 'approved' });
    expect((await order(buyer.cookie)).statusCode).toBe(201);

    // The provider retries: acknowledged, nothing applied twice.
    expect(await stand.send(event)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(await t.database.db.select().from(identityChecks).where(eq(identityChecks.userId, buyer.id))).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.provider_verdict'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorLogin: 'Identity provider', after: { eventId: 'evt_1', userId: buyer.id, verdict: 'approved' } });
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'identity-approved'))).length).toBe(1);

    // A later rejection (a revoked verdict) closes ordering again, with its reason.
    expect((await stand.send({ eventId: 'evt_2', userId: buyer.id, verdict: 'rejected', reason: 'Document reported stolen', timestamp: now() })).status).toBe(200);
    expect(await mine(buyer.cookie)).toMatchObject({ status: 'rejected', reason: 'Document reported stolen' });
    expect((await order(buyer.cookie)).statusCode).toBe(409);
  });

  it('refuses an unsigned event, a wrong signature, a body changed after signing and a replay older than 5 minutes; none is recorded', async () => {
    const stand = await listening();
    const buyer = await providerSale();
    const event = { eventId: 'evt_bad', userId: buyer.id, verdict: 'approved' as const, timestamp: now() };
    expect((await stand.send(event, 'none')).status).toBe(401);
    expect((await stand.send(event, { secret: 'whsec_someone_else_entirely' })).status).toBe(401);
    // Signed, then sent with other bytes of the same JSON meaning: the raw body is what was signed.
    expect((await stand.sendAltered(JSON.stringify(event), JSON.stringify(event, null, 1))).status).toBe(401);
    // A valid signature on an event captured 6 minutes ago and sent again: a replay.
    const replayed = await stand.send({ ...event, eventId: 'evt_old', timestamp: now() - 6 * 60 });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ error: { message: 'The event is older than 5 minutes: refused as a possible replay.' } });
    expect(await t.database.db.select().from(identityProviderEvents)).toHaveLength(0);
    expect(await t.database.db.select().from(identityChecks)).toHaveLength(0);
    expect(await mine(buyer.cookie)).toMatchObject({ status: 'none' });
  });

  it('without a secret saved, nothing is accepted; a signed event with a bad shape is refused after the signature', async () => {
    const stand = await listening();
    await sellInOneStage(t.database.db);
    const buyer = await registerBuyer(t.app);
    expect((await stand.send({ eventId: 'evt_x', userId: buyer.id, verdict: 'approved', timestamp: now() })).status).toBe(401);
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1', mode: 'provider', webhookSecret: SECRET, flowUrl: 'https://kyc.example/flow?ref={userId}' });
    expect((await stand.send('{"eventId": 5}')).status).toBe(400);
    expect((await stand.send('not json')).status).toBe(400);
    expect((await stand.send({ eventId: 'evt_y', userId: 999999, verdict: 'approved', timestamp: now() })).status).toBe(404);
    expect(await t.database.db.select().from(identityProviderEvents)).toHaveLength(0);
  });
});
