// Countries at ordering (issue 34): refused by the declared country or the request's address (IPv4
// and IPv6, the forwarded one behind TRUST_PROXY), with the reason, audited and mailed once a day;
// every order stores its check. Both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressCountryRefusal, COUNTRY_NOT_DECLARED, declaredCountryRefusal, type EligibilityCheck, type MyCountry } from '@/contracts/eligibility';
import { auditLog, mailOutbox, orders, users } from '../../db/schema';
import { GEO, geoipFiles, type GeoipFiles } from '../../test/geoip-fixture';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const OPERATOR = 'presale_operator_session';
const BUYER = 'presale_session';

interface ErrorBody {
  error: { code: string; message: string };
}

function ordering(t: TestContext) {
  return {
    order: (cookie: string, request: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
      t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '100' }, ...request }),
    restrict: async (restrictedCountries: string, geoipPath = '') => {
      const operator = await signInOperator(t.app, t.database);
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/eligibility', cookies: { [OPERATOR]: operator }, payload: { restrictedCountries, geoipPath } });
      if (res.statusCode !== 200) throw new Error(`settings: ${res.body}`);
      return operator;
    },
    storedCheck: async (publicId: string): Promise<EligibilityCheck | null> => {
      const [row] = await t.database.db.select({ eligibility: orders.eligibility }).from(orders).where(eq(orders.publicId, publicId));
      return row?.eligibility ?? null;
    },
  };
}

describe(`countries at ordering (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  const { order, restrict, storedCheck } = ordering(t);
  let files: GeoipFiles;
  let database: string;
  beforeAll(async () => {
    files = await geoipFiles();
    database = await files.write('GeoLite2-Country.mmdb');
  });
  afterAll(async () => {
    await files.remove();
  });

  it('without a database, the declaration alone decides; the order stores the check', async () => {
    await sellInOneStage(t.database.db);
    const allowed = await registerBuyer(t.app, { country: 'DE' });
    const made = await order(allowed.cookie, { remoteAddress: GEO.ru4 });
    expect(made.statusCode, made.body).toBe(201);
    expect(await storedCheck(made.json<{ id: string }>().id)).toMatchObject({ declaredCountry: 'DE', address: GEO.ru4, addressCountry: null, lookup: 'no_database', restrictedBy: [], verdict: 'allowed' });

    const cuban = await registerBuyer(t.app, { email: 'cu@example.com', country: 'CU' });
    const refused = await order(cuban.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toEqual({ code: 'forbidden', message: declaredCountryRefusal('CU') });
    expect(refused.json<ErrorBody>().error.message).toBe('Your declared country of residence (Cuba) is restricted by this sale, so you cannot order.');
    // Buy Token says so before any order is tried.
    expect((await t.app.inject({ method: 'GET', url: '/api/me/country', cookies: { [BUYER]: cuban.cookie } })).json<MyCountry>()).toEqual({ country: 'CU', refusal: declaredCountryRefusal('CU') });
  });

  it('orders sent together are each judged by their own buyer (their checks share one read)', async () => {
    await sellInOneStage(t.database.db);
    const buyers = await Promise.all(
      (['DE', 'CU', 'FR', 'KP'] as const).map((country) => registerBuyer(t.app, { email: `${country.toLowerCase()}@example.com`, country })),
    );
    const answers = await Promise.all(buyers.map((b) => order(b.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 403, 201, 403]);
    expect(answers[1]?.json<ErrorBody>().error.message).toBe(declaredCountryRefusal('CU'));
    expect(answers[3]?.json<ErrorBody>().error.message).toBe(declaredCountryRefusal('KP'));
    expect(await storedCheck(answers[0]?.json<{ id: string }>().id ?? '')).toMatchObject({ declaredCountry: 'DE', verdict: 'allowed' });
    expect(await storedCheck(answers[2]?.json<{ id: string }>().id ?? '')).toMatchObject({ declaredCountry: 'FR', verdict: 'allowed' });
  });

  it('audits every refusal and mails the buyer once a day, however often they retry', async () => {
    await sellInOneStage(t.database.db);
    const buyer = await registerBuyer(t.app, { country: 'KP' });
    for (let i = 0; i < 3; i++) expect((await order(buyer.cookie)).statusCode).toBe(403);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.country_refused'));
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ operatorLogin: 'Country check', entity: `user:${String(buyer.id)}`, after: { declaredCountry: 'KP', restrictedBy: ['declaration'], verdict: 'restricted' } });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'country-refused'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(declaredCountryRefusal('KP'));
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
  });

  it('with a database, refuses by the IPv4 or IPv6 address and names the country; other addresses order', async () => {
    await sellInOneStage(t.database.db);
    await restrict('RU, US', database);
    const buyer = await registerBuyer(t.app, { country: 'DE' });

    for (const [address, country] of [[GEO.ru4, 'RU'], [GEO.ru6, 'RU'], [GEO.us6, 'US'], [`::ffff:${GEO.ru4}`, 'RU']] as const) {
      const refused = await order(buyer.cookie, { remoteAddress: address });
      expect([refused.statusCode, refused.json<ErrorBody>().error.message], address).toEqual([403, addressCountryRefusal(country)]);
    }
    expect(addressCountryRefusal('RU')).toBe('Your connection appears to come from Russia, which is restricted by this sale, so you cannot order.');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.country_refused'));
    expect(audit.map((a) => (a.after as EligibilityCheck).address)).toEqual([GEO.ru4, GEO.ru6, GEO.us6, `::ffff:${GEO.ru4}`]);

    const fromGb = await order(buyer.cookie, { remoteAddress: GEO.gb4 });
    expect(fromGb.statusCode, fromGb.body).toBe(201);
    expect(await storedCheck(fromGb.json<{ id: string }>().id)).toMatchObject({ declaredCountry: 'DE', address: GEO.gb4, addressCountry: 'GB', lookup: 'found', verdict: 'allowed' });
    const unknown = await order(buyer.cookie, { remoteAddress: GEO.unknown4 });
    expect(unknown.statusCode).toBe(201);
    expect(await storedCheck(unknown.json<{ id: string }>().id)).toMatchObject({ addressCountry: null, lookup: 'not_found', verdict: 'allowed' });

    // The operator's order view shows the check.
    const operator = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } });
    const views = list.json<{ orders: { id: string; eligibility: EligibilityCheck | null }[] }>().orders;
    expect(views.find((o) => o.id === fromGb.json<{ id: string }>().id)?.eligibility).toMatchObject({ addressCountry: 'GB', lookup: 'found' });
  });

  it('names the declaration when both sources are restricted', async () => {
    await sellInOneStage(t.database.db);
    await restrict('RU', database);
    const buyer = await registerBuyer(t.app, { country: 'RU' });
    const refused = await order(buyer.cookie, { remoteAddress: GEO.ru4 });
    expect(refused.json<ErrorBody>().error.message).toBe(declaredCountryRefusal('RU'));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.country_refused'));
    expect(entry?.after).toMatchObject({ restrictedBy: ['declaration', 'address'], addressCountry: 'RU' });
  });

  it('asks a buyer without a declared country to declare one first (409)', async () => {
    await sellInOneStage(t.database.db);
    const buyer = await registerBuyer(t.app);
    await t.database.db.update(users).set({ country: null });
    const refused = await order(buyer.cookie);
    expect([refused.statusCode, refused.json<ErrorBody>().error.message]).toEqual([409, COUNTRY_NOT_DECLARED]);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/country', cookies: { [BUYER]: buyer.cookie }, payload: { country: 'FR' } })).statusCode).toBe(200);
    expect((await order(buyer.cookie)).statusCode).toBe(201);
  });
});

describe(`countries behind a proxy (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100', TRUST_PROXY: '1' });
  const { order, restrict, storedCheck } = ordering(t);
  let files: GeoipFiles;
  beforeAll(async () => {
    files = await geoipFiles();
  });
  afterAll(async () => {
    await files.remove();
  });

  it('judges the forwarded address, not the proxy’s', async () => {
    await sellInOneStage(t.database.db);
    await restrict('RU', await files.write('GeoLite2-Country.mmdb'));
    const buyer = await registerBuyer(t.app, { country: 'DE' });
    // The proxy itself is in a restricted network: only the address it forwards counts.
    const fromGb = await order(buyer.cookie, { remoteAddress: GEO.ru4, headers: { 'x-forwarded-for': GEO.gb4 } });
    expect(fromGb.statusCode, fromGb.body).toBe(201);
    expect(await storedCheck(fromGb.json<{ id: string }>().id)).toMatchObject({ address: GEO.gb4, addressCountry: 'GB' });
    const fromRu = await order(buyer.cookie, { remoteAddress: GEO.gb4, headers: { 'x-forwarded-for': `${GEO.gb4}, ${GEO.ru6}` } });
    expect([fromRu.statusCode, fromRu.json<ErrorBody>().error.message]).toEqual([403, addressCountryRefusal('RU')]);
  });
});
