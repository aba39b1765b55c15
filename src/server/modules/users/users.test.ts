import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import type { AdminUser, AdminUserDetail } from '@/contracts/users';
import { auditLog, cryptos, sessions } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OPERATOR = 'presale_operator_session';

describe(`back-office users (${databaseKind})`, () => {
  const t = useTestApp();

  async function seedUsers(n: number) {
    for (let i = 0; i < n; i++) await registerBuyer(t.app, { email: `user${i}@example.com`, name: `User ${i}` });
  }
  const list = (operator: string, query: string) => t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, cookies: { [OPERATOR]: operator } });

  it('pages users newest first and counts them all', async () => {
    await seedUsers(5);
    const operator = await signInOperator(t.app, t.database);
    const first = (await list(operator, '?pageSize=2')).json<{ users: AdminUser[]; total: number }>();
    expect(first.total).toBe(5);
    expect(first.users.map((u) => u.email)).toEqual(['user4@example.com', 'user3@example.com']);
    expect(first.users[0]).toMatchObject({ balance: '0', level: null, phone: expect.any(String) as unknown });
    expect(first.users[0]).not.toHaveProperty('passwordHash');
    const last = (await list(operator, '?pageSize=2&page=3')).json<{ users: AdminUser[] }>();
    expect(last.users.map((u) => u.email)).toEqual(['user0@example.com']);
    const beyond = (await list(operator, '?pageSize=2&page=9')).json<{ users: AdminUser[]; total: number }>();
    expect(beyond).toMatchObject({ users: [], total: 5 });
  });

  it('refuses page sizes outside 1–100 with one clear message', async () => {
    const operator = await signInOperator(t.app, t.database);
    for (const size of ['0', '-1', '101', '1e9', 'abc', '2.5']) {
      const res = await list(operator, `?pageSize=${size}`);
      expect(res.statusCode, size).toBe(400);
      expect(JSON.stringify(res.json()), size).toContain('Users per page must be between 1 and 100.');
    }
    expect((await list(operator, '?pageSize=100')).statusCode).toBe(200);
  });

  it('searches name and e-mail case-insensitively, taking pattern characters literally', async () => {
    await seedUsers(3);
    await registerBuyer(t.app, { email: 'percent@example.com', name: 'Fifty % Off' });
    const operator = await signInOperator(t.app, t.database);
    const search = async (q: string) => (await list(operator, `?q=${encodeURIComponent(q)}`)).json<{ users: AdminUser[]; total: number }>();
    expect((await search('USER1')).users.map((u) => u.email)).toEqual(['user1@example.com']);
    expect((await search('user 2')).users.map((u) => u.name)).toEqual(['User 2']);
    expect((await search('%')).users.map((u) => u.name)).toEqual(['Fifty % Off']);
    expect((await search('_')).total).toBe(0);
    expect((await search("' or 1=1 --")).total).toBe(0);
    expect((await search('.*')).total).toBe(0);
    expect((await list(operator, `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it("shows a user's orders, ledger and balance, and exports users as CSV", async () => {
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app, { email: 'rich@example.com', name: 'Rich Buyer' });
    const operator = await signInOperator(t.app, t.database);
    await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '200' } });
    const orders = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OPERATOR]: operator } })).json<{ orders: AdminOrder[] }>().orders;
    await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orders[0]?.orderId ?? 0}/approve`, cookies: { [OPERATOR]: operator }, payload: {} });

    const wallet = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    await t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { presale_session: buyer.cookie }, payload: { address: wallet, currentPassword: REGISTRATION.password } });

    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${buyer.id}`, cookies: { [OPERATOR]: operator } })).json<AdminUserDetail>();
    expect(detail.user).toMatchObject({ email: 'rich@example.com', balance: '214', level: 'Silver', receivingWallet: wallet });
    expect(detail.bonusTokens).toBe('14');
    expect(detail.orders.map((o) => o.status)).toEqual(['approved']);
    expect(detail.ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['bonus', '14'],
      ['purchase', '200'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/999999', cookies: { [OPERATOR]: operator } })).statusCode).toBe(404);

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/users.csv', cookies: { [OPERATOR]: operator } });
    expect(csv.body.split('\r\n')[0]).toBe('ID,Name,Email,Phone,Balance,Level,Receiving wallet,Registered (UTC),Country of residence,Terms version accepted,Terms accepted (UTC)');
    expect(csv.body).toContain(`,Silver,${wallet},`);
    // A leading + would start a formula in a spreadsheet: the cell is prefixed with an apostrophe.
    expect(csv.body).toContain(`rich@example.com,"'+44 20 7946 0000",214,Silver`);
    // The user's id is written as it is, never prefixed.
    expect(csv.body.split('\r\n').find((line) => line.includes('rich@example.com'))).toMatch(new RegExp(`^${buyer.id},Rich Buyer,rich@example\\.com,`));
  });

  it("lets a Manager correct a buyer's declared country: step-up, audited, and the buyer's next order is judged by it", async () => {
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyer = await registerBuyer(t.app);
    const owner = await signInOperator(t.app, t.database);
    const put = (cookie: string, id: number, country: unknown) => t.app.inject({ method: 'PUT', url: `/api/admin/users/${String(id)}/country`, cookies: { [OPERATOR]: cookie }, payload: { country } });
    // Germany is not restricted by default; Russia is.
    expect((await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '100' } })).statusCode).toBe(201);

    for (const [bad, message] of [['', 'Choose your country of residence.'], ['XX', 'Choose a country from the list.']] as const) {
      const refused = await put(owner, buyer.id, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ country: message });
    }
    expect((await put(owner, 999_999, 'FR')).statusCode).toBe(404);
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    expect((await put(viewer, buyer.id, 'RU')).statusCode).toBe(403);
    await t.database.db.update(sessions).set({ steppedUpAt: null });
    expect((await put(owner, buyer.id, 'RU')).json<{ error: { code: string } }>().error.code).toBe('step_up_required');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.country'))).toHaveLength(0);

    const manager = await signInOperator(t.app, t.database, 'manager', 'manager password 1', 'manager');
    const changed = await put(manager, buyer.id, 'RU');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminUserDetail>().user.country).toBe('RU');
    expect((await put(manager, buyer.id, 'RU')).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.country'));
    expect(audit.map((a) => ({ by: a.operatorLogin, entity: a.entity, before: a.before, after: a.after }))).toEqual([{ by: 'manager', entity: `user:${String(buyer.id)}`, before: { country: 'DE' }, after: { country: 'RU' } }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { presale_session: buyer.cookie }, payload: { crypto: 'ETH', tokens: '100' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Russia');
  });

  it('neutralises spreadsheet formulas in the CSV', async () => {
    await registerBuyer(t.app, { email: 'formula@example.com', name: '=HYPERLINK("http://evil")' });
    const operator = await signInOperator(t.app, t.database);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/users.csv', cookies: { [OPERATOR]: operator } });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});
