// Terms on record (issue 34): versions kept, acceptance at registration and before ordering, on both engines.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Content } from '@/contracts/content';
import type { MyTerms, TermsVersion } from '@/contracts/terms';
import { TERMS_NOT_ACCEPTED, TERMS_REQUIRED, termsOutdated } from '@/contracts/terms';
import type { AdminUserDetail } from '@/contracts/users';
import { STEP_UP_MINUTES } from '@/contracts/permissions';
import { auditLog, cryptos, sessions, siteContent, termsAcceptances, users } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';

const OPERATOR = 'presale_operator_session';
const BUYER = 'presale_session';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function offerEth(t: TestContext) {
  await t.database.db
    .update(cryptos)
    .set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true })
    .where(eq(cryptos.code, 'ETH'));
}

describe(`terms on record (${databaseKind})`, () => {
  const t = useTestApp();

  const current = async () => (await t.app.inject({ method: 'GET', url: '/api/terms' })).json<TermsVersion>();
  const order = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '100' } });

  /** Publishes new terms through the Content page's save, as an Owner who confirmed the password. */
  async function publish(termsMarkdown: string, operator?: string) {
    const cookie = operator ?? (await signInOperator(t.app, t.database));
    const content = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: cookie } })).json<Content>();
    return t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: cookie }, payload: { ...content, termsMarkdown } });
  }

  it('makes the terms in use version 1, and keeps each older version readable at its own address', async () => {
    const first = await current();
    expect(first).toMatchObject({ version: 1, sha256: sha256(first.markdown) });
    expect((await publish('# Terms\n\nSecond text.')).statusCode).toBe(200);
    const second = await current();
    expect(second).toMatchObject({ version: 2, markdown: '# Terms\n\nSecond text.', sha256: sha256('# Terms\n\nSecond text.') });
    expect((await t.app.inject({ method: 'GET', url: '/api/terms/versions/1' })).json<TermsVersion>()).toEqual(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/terms/versions/2' })).json<TermsVersion>()).toEqual(second);
    expect((await t.app.inject({ method: 'GET', url: '/api/terms/versions/3' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/terms/versions/x' })).statusCode).toBe(400);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'terms.publish'));
    expect(audit.map((a) => a.entity)).toEqual(['terms:2']);
  });

  it('publishes nothing when the terms are unchanged, and asks for step-up when they change', async () => {
    const operator = await signInOperator(t.app, t.database);
    expect((await publish((await current()).markdown, operator)).statusCode).toBe(200);
    expect((await current()).version).toBe(1);
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    const refused = await publish('Changed without the password.', operator);
    expect([refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([403, 'step_up_required']);
    expect((await current()).version).toBe(1);
  });

  it('edits the current version on the Content page, whatever the saved texts say, so an untouched save publishes nothing', async () => {
    const first = await current();
    const operator = await signInOperator(t.app, t.database);
    const saved = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: operator } })).json<Content>();
    // Saved texts whose terms are not the current version's (a restored backup, a hand edit).
    await t.database.db.insert(siteContent).values({ id: 1, content: { ...saved, termsMarkdown: 'Other terms.' }, updatedAt: new Date() });
    const content = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: operator } })).json<Content>();
    expect(content.termsMarkdown).toBe(first.markdown);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: operator }, payload: content })).statusCode).toBe(200);
    expect(await current()).toEqual(first);
  });

  it('refuses registration without the box ticked, or for an outdated version, with the message on the field', async () => {
    const { termsVersion: _unticked, ...unticked } = REGISTRATION;
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: unticked });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ termsVersion: TERMS_REQUIRED });
    await publish('Version two.');
    const outdated = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: REGISTRATION });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ termsVersion: termsOutdated(2) });
    expect(await t.database.db.select().from(users)).toEqual([]);
  });

  it('records the acceptance with the version, its hash, the instant and the client address', async () => {
    const terms = await current();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: REGISTRATION, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(termsAcceptances);
    expect(row).toMatchObject({ userId: res.json<{ id: number }>().id, version: 1, sha256: terms.sha256, ipAddress: '203.0.113.9' });
    expect(Math.abs((row?.acceptedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses to order after a new version until the buyer accepts it, then shows every acceptance and exports the latest', async () => {
    await offerEth(t);
    const buyer = await registerBuyer(t.app);
    expect((await order(buyer.cookie)).statusCode).toBe(201);
    await publish('Version two.');
    const refused = await order(buyer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(TERMS_NOT_ACCEPTED);
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/terms', cookies: { [BUYER]: buyer.cookie } });
    expect(mine.json<MyTerms>()).toMatchObject({ current: { version: 2 }, accepted: false });

    const stale = await t.app.inject({ method: 'POST', url: '/api/me/terms', cookies: { [BUYER]: buyer.cookie }, payload: { termsVersion: 1 } });
    expect(stale.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ termsVersion: termsOutdated(2) });
    const accepted = await t.app.inject({ method: 'POST', url: '/api/me/terms', cookies: { [BUYER]: buyer.cookie }, payload: { termsVersion: 2 } });
    expect(accepted.json<MyTerms>()).toMatchObject({ current: { version: 2 }, accepted: true });
    expect((await order(buyer.cookie)).statusCode).toBe(201);

    const operator = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${String(buyer.id)}`, cookies: { [OPERATOR]: operator } })).json<AdminUserDetail>();
    expect(detail.termsAcceptances.map((a) => [a.version, a.sha256])).toEqual([
      [2, sha256('Version two.')],
      [1, (await t.app.inject({ method: 'GET', url: '/api/terms/versions/1' })).json<TermsVersion>().sha256],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/users.csv', cookies: { [OPERATOR]: operator } });
    const [header, line] = csv.body.split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['Terms version accepted', 'Terms accepted (UTC)']);
    expect(line?.split(',').at(-2)).toBe('2');
    expect(line?.split(',').at(-1)).toBe(detail.termsAcceptances[0]?.acceptedAt);
  });

  it('returns the order a repeated Idempotency-Key made before new terms, and refuses a new order until they are accepted', async () => {
    await offerEth(t);
    const buyer = await registerBuyer(t.app);
    const keyed = (key: string, tokens = '100') => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, headers: { 'idempotency-key': key }, payload: { crypto: 'ETH', tokens } });
    const first = await keyed('retry-after-new-terms');
    expect(first.statusCode).toBe(201);
    await publish('Version two.');
    // The buyer's retry of the order they made: the same order, however the terms changed since.
    const again = await keyed('retry-after-new-terms');
    expect([again.statusCode, again.json<{ id: string }>().id]).toEqual([200, first.json<{ id: string }>().id]);
    // The key used for another order, or a new key, meets the refusal.
    expect((await keyed('retry-after-new-terms', '200')).statusCode).toBe(409);
    const fresh = await keyed('a-new-order');
    expect([fresh.statusCode, fresh.json<{ error: { message: string } }>().error.message]).toEqual([409, TERMS_NOT_ACCEPTED]);
  });

  it('asks buyers registered before versions existed (no acceptance on record) to accept at their next order', async () => {
    await offerEth(t);
    const buyer = await registerBuyer(t.app);
    // What the migration leaves for existing accounts: no acceptance at all.
    await t.database.db.delete(termsAcceptances);
    expect((await order(buyer.cookie)).statusCode).toBe(409);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/me/terms', cookies: { [BUYER]: buyer.cookie }, payload: { termsVersion: 1 } });
    expect(accepted.statusCode).toBe(200);
    expect((await order(buyer.cookie)).statusCode).toBe(201);
  });
});
