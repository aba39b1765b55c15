// The operator team's roles (issue 15), walked over the server's own route table: every operator
// route is in the one matrix (contracts/permissions.ts), and each role × route is let through or
// refused as the matrix says, whatever the route does. Then the Operators page's rules.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LAST_OWNER, type TeamMember } from '@/contracts/operators';
import { canOperator, OPERATOR_ROUTES, ROLES, ruleOf, STEP_UP_MINUTES, type Role } from '@/contracts/permissions';
import { auditLog, cryptos, operators, sessions } from './db/schema';
import { PASSWORD_CHANGE_REQUIRED } from './plugins/access';
import { databaseKind, OPERATOR, signInOperator, useTestApp } from './test/harness';

const COOKIE = 'presale_operator_session';

/** Parameters no row has: an allowed call reaches its handler and finds nothing; nothing changes. */
const concrete = (url: string) => url.replace(':code', 'ZZZZ').replace(':id', '999999').replace(':chainId', '999999').replace(':kind', 'document');

describe(`operator roles (${databaseKind})`, () => {
  const t = useTestApp();

  const operatorRoutes = () => t.app.routeTable.filter((r) => r.access === 'operator').map((r) => `${r.method} ${r.url}`);

  it('lists every operator route in the one matrix, and nothing else', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((key) => !(key in OPERATOR_ROUTES))).toEqual([]);
    expect(Object.keys(OPERATOR_ROUTES).filter((key) => !routes.includes(key))).toEqual([]);
  });

  // Each role as added, then with the Owner's identity grant where it could matter (decision 041):
  // a Manager gains the identity checks with it, a Viewer nothing.
  const cases: { role: Role; identityAccess: boolean }[] = [...ROLES.map((role) => ({ role, identityAccess: false })), { role: 'manager', identityAccess: true }, { role: 'viewer', identityAccess: true }];
  for (const operator of cases) {
    const { role, identityAccess } = operator;
    it(`lets the ${role} role${identityAccess ? ' with the identity grant' : ''} call exactly what the matrix gives it`, async () => {
      const cookie = await signInOperator(t.app, t.database, `the-${role}`, OPERATOR.password, role);
      if (identityAccess) await t.database.db.update(operators).set({ identityAccess: true }).where(eq(operators.login, `the-${role}`));
      const wrong: string[] = [];
      for (const key of operatorRoutes()) {
        const [method = '', url = ''] = key.split(' ');
        // No body: an allowed write stops at validation (400) or finds nothing (404); only the guard says 403.
        const res = await t.app.inject({ method: method as 'GET', url: concrete(url), cookies: { [COOKIE]: cookie } });
        const allowed = canOperator(operator, ruleOf(key).need);
        const refusedByRole = res.statusCode === 403 && res.json<{ error: { code: string } }>().error.code === 'forbidden';
        if (res.statusCode === 401 || refusedByRole === allowed) wrong.push(`${key} → ${String(res.statusCode)} (${allowed ? 'allowed' : 'refused'} by the matrix)`);
        // HEAD runs the GET route's handler, so it is judged exactly as GET (it answers no body to read the code from).
        if (method !== 'GET') continue;
        const head = await t.app.inject({ method: 'HEAD', url: concrete(url), cookies: { [COOKIE]: cookie } });
        if (head.statusCode !== res.statusCode) wrong.push(`HEAD ${url} → ${String(head.statusCode)}, GET → ${String(res.statusCode)}`);
      }
      expect(wrong).toEqual([]);
      // Every operator route, twice for each GET: the walk grows with the route table.
    }, 90_000);
  }

  it('refuses everything but their own account to an operator with a one-time password, until they choose one', async () => {
    const owner = await signInOperator(t.app, t.database);
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/operators', cookies: { [COOKIE]: owner }, payload: { login: 'fin', name: 'Finance', role: 'approver' } });
    expect(added.statusCode, added.body).toBe(201);
    const { operator, oneTimePassword } = added.json<{ operator: TeamMember; oneTimePassword: string }>();
    expect(operator).toMatchObject({ login: 'fin', role: 'approver', mustChangePassword: true, disabled: false });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'fin', password: oneTimePassword } });
    expect(login.json()).toMatchObject({ login: 'fin', role: 'approver', mustChangePassword: true });
    const fin = login.cookies.find((c) => c.name === COOKIE)?.value ?? '';
    const orders = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [COOKIE]: fin } });
    expect([orders.statusCode, orders.json<{ error: { message: string } }>().error.message]).toEqual([403, PASSWORD_CHANGE_REQUIRED]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [COOKIE]: fin } })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      cookies: { [COOKIE]: fin },
      payload: { login: 'fin', oldPassword: oneTimePassword, newPassword: 'a ledger of quiet herons', confirmNewPassword: 'a ledger of quiet herons' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [COOKIE]: fin } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [COOKIE]: fin } })).json()).toMatchObject({ mustChangePassword: false });
  });

  it('keeps an active Owner, ends a disabled operator’s sessions, resets passwords, and audits each change with the role', async () => {
    const owner = await signInOperator(t.app, t.database);
    const cookies = { [COOKIE]: owner };
    const me = (await t.database.db.select().from(operators).where(eq(operators.login, OPERATOR.login)))[0];
    const patch = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${String(id)}`, cookies, payload });

    // The only Owner cannot step down or be disabled.
    for (const payload of [{ role: 'manager' }, { disabled: true }]) {
      const refused = await patch(me?.id ?? 0, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: LAST_OWNER } });
    }
    const second = (await t.app.inject({ method: 'POST', url: '/api/admin/operators', cookies, payload: { login: 'cofounder', role: 'owner' } })).json<{ operator: TeamMember; oneTimePassword: string }>();
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/admin/operators', cookies, payload: { login: 'COFOUNDER', role: 'viewer' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: { fields: { login: 'An operator named COFOUNDER already exists.' } } });
    // With two Owners, one may step down.
    expect((await patch(me?.id ?? 0, { role: 'manager' })).json()).toMatchObject({ role: 'manager' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators', cookies })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/operators', cookies, payload: { login: 'x', role: 'viewer' } })).statusCode).toBe(403);

    // The other Owner disables someone: their sessions end at once; they cannot sign in.
    const cofounder = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'cofounder', password: second.oneTimePassword } })).cookies.find((c) => c.name === COOKIE)?.value ?? '';
    const asCofounder = { [COOKIE]: cofounder };
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${String(me?.id ?? 0)}`, cookies: asCofounder, payload: { disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(403); // a one-time password: they choose theirs first
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      cookies: asCofounder,
      payload: { login: 'cofounder', oldPassword: second.oneTimePassword, newPassword: 'a ledger of quiet herons', confirmNewPassword: 'a ledger of quiet herons' },
    });
    await t.app.inject({ method: 'POST', url: '/api/admin/step-up', cookies: asCofounder, payload: { password: 'a ledger of quiet herons' } });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${String(me?.id ?? 0)}`, cookies: asCofounder, payload: { disabled: true } })).json()).toMatchObject({ disabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: OPERATOR })).statusCode).toBe(401);

    // A reset gives a new one-time password and ends their sessions.
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/operators/${String(me?.id ?? 0)}/reset-password`, cookies: asCofounder });
    expect(reset.json()).toMatchObject({ operator: { login: OPERATOR.login, mustChangePassword: true } });
    expect(await t.database.db.select({ action: auditLog.action, role: auditLog.operatorRole, by: auditLog.operatorLogin }).from(auditLog).orderBy(auditLog.id)).toEqual([
      { action: 'operator.created', role: 'owner', by: OPERATOR.login },
      { action: 'operator.role_changed', role: 'owner', by: OPERATOR.login },
      { action: 'operator.password_changed', role: 'owner', by: 'cofounder' },
      { action: 'operator.disabled', role: 'owner', by: 'cofounder' },
      { action: 'operator.password_reset', role: 'owner', by: 'cofounder' },
    ]);
    const filtered = await t.app.inject({ method: 'GET', url: '/api/admin/audit?operator=cofounder', cookies: asCofounder });
    expect(filtered.json()).toMatchObject({ total: 3, operators: ['cofounder', OPERATOR.login] });
  });

  it('asks for the password again before money, keys and the team, for five minutes at a time', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const cookies = { [COOKIE]: cookie };
    const stepUpRoutes = operatorRoutes().filter((key) => ruleOf(key).stepUp);
    expect(stepUpRoutes).toEqual(expect.arrayContaining(['PUT /api/admin/main-currency', 'PUT /api/admin/sale/stages', 'POST /api/admin/sale/stages/:id/end', 'PUT /api/admin/payments/evm-key', 'GET /api/admin/backup', 'POST /api/admin/operators']));
    // Signed in with the password minutes ago, not confirmed since.
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    for (const key of stepUpRoutes) {
      const [method = '', url = ''] = key.split(' ');
      const res = await t.app.inject({ method: method as 'GET', url: concrete(url), cookies });
      expect([key, res.statusCode, res.json<{ error: { code: string } }>().error.code]).toEqual([key, 403, 'step_up_required']);
      if (method !== 'GET') continue;
      const head = await t.app.inject({ method: 'HEAD', url: concrete(url), cookies });
      expect([`HEAD ${url}`, head.statusCode]).toEqual([`HEAD ${url}`, 403]);
    }
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/step-up', cookies, payload: { password: 'not it' } });
    expect(wrong.json()).toMatchObject({ error: { fields: { password: 'The password is not right.' } } });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/step-up', cookies, payload: { password: OPERATOR.password } })).statusCode).toBe(200);
    // Through the guard: the handler's own answer (here, the body is missing).
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/main-currency', cookies })).statusCode).toBe(400);
  });

  it('keeps a crypto’s wallet address the Owner’s, with the password confirmed, while a Manager edits the rest', async () => {
    const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const edit = (cookie: string, address: string) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/cryptos/BTC', cookies: { [COOKIE]: cookie }, payload: { fullName: 'Bitcoin', network: 'bitcoin', rate: '6500000', address, decimals: 8 } });
    const owner = await signInOperator(t.app, t.database);
    expect((await edit(owner, BTC_ADDRESS)).statusCode).toBe(200);
    const manager = await signInOperator(t.app, t.database, 'the-manager', OPERATOR.password, 'manager');
    // The rate and name change; the address stays as it is.
    expect((await edit(manager, BTC_ADDRESS)).statusCode).toBe(200);
    const refused = await edit(manager, '');
    expect([refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([403, 'forbidden']);
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    const stale = await edit(owner, '');
    expect([stale.statusCode, stale.json<{ error: { code: string } }>().error.code]).toEqual([403, 'step_up_required']);
  });
  it('asks step-up of a Manager or Owner who re-prices a crypto, and keeps what counts as a payment the Owner’s, with step-up', async () => {
    const USDT = { fullName: 'Tether USD (Ethereum)', network: 'evm', chainId: 1, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, priceFeedId: 'tether', rateSource: 'manual', usdPrice: '1' };
    const edit = (cookie: string, body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/cryptos/USDT', cookies: { [COOKIE]: cookie }, payload: body });
    const add = (cookie: string, body: object) => t.app.inject({ method: 'POST', url: '/api/admin/cryptos', cookies: { [COOKIE]: cookie }, payload: body });
    const outcome = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, res.statusCode === 200 || res.statusCode === 201 ? 'ok' : (res.json() as { error: { code: string } }).error.code];
    const lapse = () => t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    const stepUp = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/admin/step-up', cookies: { [COOKIE]: cookie }, payload: { password: OPERATOR.password } });
    const owner = await signInOperator(t.app, t.database);
    expect(outcome(await edit(owner, USDT))).toEqual([200, 'ok']);
    const manager = await signInOperator(t.app, t.database, 'the-manager', OPERATOR.password, 'manager');
    await lapse();

    // The name, with the price as it is: no step-up.
    expect(outcome(await edit(manager, { ...USDT, fullName: 'Tether' }))).toEqual([200, 'ok']);
    // What a buyer pays: the USD price, a rate in tokens, where the price comes from.
    for (const change of [{ usdPrice: '1000000' }, { usdPrice: undefined, rate: '100000000' }, { rateSource: 'feed' }, { priceFeedId: 'other-coin' }]) {
      expect([change, ...outcome(await edit(manager, { ...USDT, ...change }))]).toEqual([change, 403, 'step_up_required']);
      expect([change, ...outcome(await edit(owner, { ...USDT, ...change }))]).toEqual([change, 403, 'step_up_required']);
    }
    // What the watcher takes as a payment: the Owner's, step-up or not.
    const paymentChanges = [{ tokenContract: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, { chainId: 56 }, { decimals: 18 }, { network: 'other', chainId: null, tokenContract: null }];
    for (const change of paymentChanges) {
      const refused = await edit(manager, { ...USDT, ...change });
      expect([change, ...outcome(refused)]).toEqual([change, 403, 'forbidden']);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe("Your role (Manager) cannot change a currency's network, chain id, token contract or decimals.");
      expect([change, ...outcome(await edit(owner, { ...USDT, ...change }))]).toEqual([change, 403, 'step_up_required']);
    }
    expect(outcome(await add(manager, { currency: 'USDX', ...USDT }))).toEqual([403, 'forbidden']);
    expect(outcome(await add(manager, { currency: 'OTHR', fullName: 'Other coin', network: 'other', rateSource: 'manual', usdPrice: '2' }))).toEqual([403, 'step_up_required']);
    const [row] = await t.database.db.select().from(cryptos).where(eq(cryptos.code, 'USDT'));
    expect(row).toMatchObject({ name: 'Tether', usdPrice: '1.000000000000', rate: '100.000000', tokenContract: USDT.tokenContract, chainId: 1, decimals: 6, network: 'evm', rateSource: 'manual' });

    // Confirmed: the Manager re-prices; the contract stays the Owner's, who changes it.
    expect((await stepUp(manager)).statusCode).toBe(200);
    expect(outcome(await edit(manager, { ...USDT, usdPrice: '1.01' }))).toEqual([200, 'ok']);
    expect(outcome(await edit(manager, { ...USDT, usdPrice: '1.01', decimals: 18 }))).toEqual([403, 'forbidden']);
    expect(outcome(await add(manager, { currency: 'OTHR', fullName: 'Other coin', network: 'other', rateSource: 'manual', usdPrice: '2' }))).toEqual([201, 'ok']);
    expect((await stepUp(owner)).statusCode).toBe(200);
    expect(outcome(await edit(owner, { ...USDT, usdPrice: '1.01', decimals: 18 }))).toEqual([200, 'ok']);
    expect(outcome(await add(owner, { currency: 'USDX', ...USDT }))).toEqual([201, 'ok']);
  });
});
