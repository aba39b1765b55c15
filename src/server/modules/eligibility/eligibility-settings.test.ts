// Countries (issue 34): the operator's settings, the country asked at registration and before the
// first order, and where it shows (user page, users CSV), on both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_ALREADY_DECLARED, COUNTRY_REQUIRED, COUNTRY_UNKNOWN, unknownCountryCodes, type EligibilitySettings, type MyCountry } from '@/contracts/eligibility';
import { STEP_UP_MINUTES } from '@/contracts/permissions';
import type { AdminUserDetail } from '@/contracts/users';
import { DEFAULT_RESTRICTED_COUNTRIES } from '@/domain/countries';
import { auditLog, sessions, users } from '../../db/schema';
import { geoipFiles, type GeoipFiles } from '../../test/geoip-fixture';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OPERATOR = 'presale_operator_session';
const BUYER = 'presale_session';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe(`country settings and the declared country (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  let files: GeoipFiles;
  beforeAll(async () => {
    files = await geoipFiles();
  });
  afterAll(async () => {
    await files.remove();
  });

  const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/admin/eligibility', cookies: { [OPERATOR]: cookie } });
  const put = (cookie: string, restrictedCountries: string, geoipPath = '') => t.app.inject({ method: 'PUT', url: '/api/admin/eligibility', cookies: { [OPERATOR]: cookie }, payload: { restrictedCountries, geoipPath } });

  it('starts from the default list, not yet reviewed and without a database, and marks it reviewed at the first save (audited)', async () => {
    const operator = await signInOperator(t.app, t.database);
    const first = (await get(operator)).json<EligibilitySettings>();
    expect(first).toEqual({ restrictedCountries: DEFAULT_RESTRICTED_COUNTRIES, reviewedAt: null, reviewedBy: null, geoipPath: '', geoip: { state: 'none', databaseType: null, builtAt: null, message: null } });

    const saved = await put(operator, 'us, kp ir,CU;SY RU BY us');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EligibilitySettings>()).toMatchObject({ restrictedCountries: ['BY', 'CU', 'IR', 'KP', 'RU', 'SY', 'US'], reviewedBy: 'operator', geoip: { state: 'none' } });
    expect(saved.json<EligibilitySettings>().reviewedAt).not.toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'eligibility.settings'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ reviewed: false, restrictedCountries: DEFAULT_RESTRICTED_COUNTRIES });
    expect(audit[0]?.after).toEqual({ restrictedCountries: ['BY', 'CU', 'IR', 'KP', 'RU', 'SY', 'US'], geoipPath: '' });
  });

  it('refuses unknown codes and unusable database files, by field, and changes nothing', async () => {
    const operator = await signInOperator(t.app, t.database);
    const unknown = await put(operator, 'US, XX, EU');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.fields?.restrictedCountries).toBe(unknownCountryCodes(['EU', 'XX']));

    const relative = await put(operator, 'US', 'GeoLite2-Country.mmdb');
    expect(relative.json<ErrorBody>().error.fields?.geoipPath).toBe('Give the full path of the database file on the server (starting with /).');
    const missing = await put(operator, 'US', `${files.dir}/absent.mmdb`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().error.fields?.geoipPath).toMatch(/^There is no readable file at .*absent\.mmdb/);
    const notMmdb = await put(operator, 'US', await files.write('not.mmdb').then(async (p) => {
      await (await import('node:fs/promises')).writeFile(p, 'plain text, not a database');
      return p;
    }));
    expect(notMmdb.json<ErrorBody>().error.fields?.geoipPath).toMatch(/is not a MaxMind database \(\.mmdb\)/);
    const asn = await put(operator, 'US', await files.write('asn.mmdb', { databaseType: 'GeoLite2-ASN' }));
    expect(asn.json<ErrorBody>().error.fields?.geoipPath).toMatch(/is a GeoLite2-ASN database, which does not say countries/);

    expect((await get(operator)).json<EligibilitySettings>().reviewedAt).toBeNull();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'eligibility.settings'))).toHaveLength(0);
  });

  it('keeps a Country or City database that opens, and says what it is', async () => {
    const operator = await signInOperator(t.app, t.database);
    const city = await files.write('city.mmdb', { databaseType: 'GeoIP2-City', buildEpoch: 1_760_000_000 });
    const saved = await put(operator, 'RU', city);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EligibilitySettings>()).toMatchObject({ geoipPath: city, geoip: { state: 'ok', databaseType: 'GeoIP2-City', builtAt: new Date(1_760_000_000_000).toISOString() } });
  });

  it('needs step-up and a role that manages the sale', async () => {
    const operator = await signInOperator(t.app, t.database);
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    const stale = await put(operator, 'US');
    expect([stale.statusCode, stale.json<ErrorBody>().error.code]).toEqual([403, 'step_up_required']);
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    expect((await get(viewer)).statusCode).toBe(200);
    expect((await put(viewer, 'US')).statusCode).toBe(403);
  });

  it('asks the country at registration: required, from the list', async () => {
    const register = (country: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, country } });
    for (const [country, message] of [[undefined, COUNTRY_REQUIRED], ['', COUNTRY_REQUIRED], ['XX', COUNTRY_UNKNOWN], ['de', COUNTRY_UNKNOWN]] as const) {
      const res = await register(country);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields?.country).toBe(message);
    }
    expect((await t.database.db.select().from(users)).length).toBe(0);
    const buyer = await registerBuyer(t.app, { country: 'FR' });
    const [row] = await t.database.db.select({ country: users.country }).from(users).where(eq(users.id, buyer.id));
    expect(row?.country).toBe('FR');
    expect((await t.app.inject({ method: 'GET', url: '/api/me/country', cookies: { [BUYER]: buyer.cookie } })).json<MyCountry>()).toEqual({ country: 'FR', refusal: null });
  });

  it('lets a buyer without a country declare one, once', async () => {
    const buyer = await registerBuyer(t.app);
    await t.database.db.update(users).set({ country: null });
    const mine = () => t.app.inject({ method: 'GET', url: '/api/me/country', cookies: { [BUYER]: buyer.cookie } });
    const declare = (country: string) => t.app.inject({ method: 'POST', url: '/api/me/country', cookies: { [BUYER]: buyer.cookie }, payload: { country } });
    expect((await mine()).json<MyCountry>()).toEqual({ country: null, refusal: null });
    expect((await declare('ZZ')).json<ErrorBody>().error.fields?.country).toBe(COUNTRY_UNKNOWN);
    const declared = await declare('CU');
    expect(declared.statusCode).toBe(200);
    expect(declared.json<MyCountry>()).toEqual({ country: 'CU', refusal: 'Your declared country of residence (Cuba) is restricted by this sale, so you cannot order.' });
    const again = await declare('FR');
    expect([again.statusCode, again.json<ErrorBody>().error.fields?.country]).toEqual([409, COUNTRY_ALREADY_DECLARED]);
    expect((await mine()).json<MyCountry>().country).toBe('CU');
  });

  it("shows the country on the operator's user page and in the users CSV", async () => {
    const buyer = await registerBuyer(t.app, { country: 'JP' });
    const operator = await signInOperator(t.app, t.database);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${String(buyer.id)}`, cookies: { [OPERATOR]: operator } })).json<AdminUserDetail>();
    expect(detail.user.country).toBe('JP');
    const csv = (await t.app.inject({ method: 'GET', url: '/api/admin/users.csv', cookies: { [OPERATOR]: operator } })).body.split('\r\n');
    const column = csv[0]?.split(',').indexOf('Country of residence') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(csv[1]?.split(',')[column]).toBe('JP');
  });
});
