// Where a buyer's tokens go (issue 19): an EVM address with a valid checksum, given with the current
// password, each buyer their own; after the sale ends a change of a wallet already given is a request
// (wallets.test.ts has the sale team's side).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/contracts/auth';
import { saleSettings, users } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, useTestApp } from '../../test/harness';
import { WRONG_CURRENT_PASSWORD } from './me.service';

const COOKIE = 'presale_session';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe(`receiving wallet (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  const put = (cookie: string | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/me/wallet', ...(cookie ? { cookies: { [COOKIE]: cookie } } : {}), payload });

  it('saves a checksummed EVM address with the current password, and shows it in the buyer’s profile', async () => {
    const { cookie, id } = await registerBuyer(t.app, { email: 'wallet@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [COOKIE]: cookie } })).json<Me>().receivingWallet).toBeNull();

    const wrongCase = await put(cookie, { address: WALLET.toLowerCase().replace('0x5aaeb', '0x5AAeb'), currentPassword: REGISTRATION.password });
    expect(wrongCase.statusCode).toBe(400);
    expect(wrongCase.json()).toMatchObject({ error: { fields: { address: 'The address checksum is wrong: check it for typos.' } } });
    const notAddress = await put(cookie, { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', currentPassword: REGISTRATION.password });
    expect(notAddress.json()).toMatchObject({ error: { fields: { address: 'Not a valid EVM address (0x followed by 40 hex digits).' } } });
    const wrongPassword = await put(cookie, { address: WALLET, currentPassword: 'not my password' });
    expect(wrongPassword.json()).toMatchObject({ error: { fields: { currentPassword: WRONG_CURRENT_PASSWORD } } });
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(unchanged?.receivingWallet).toBeNull();

    const saved = await put(cookie, { address: ` ${WALLET} `, currentPassword: REGISTRATION.password });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Me>().receivingWallet).toBe(WALLET);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [COOKIE]: cookie } });
    expect(session.json<{ buyer: Me }>().buyer.receivingWallet).toBe(WALLET);
    expect((await put(undefined, { address: WALLET, currentPassword: REGISTRATION.password })).statusCode).toBe(401);
  });

  it('keeps each buyer’s wallet their own', async () => {
    const alice = await registerBuyer(t.app, { email: 'alice@example.com' });
    const bob = await registerBuyer(t.app, { email: 'bob@example.com' });
    await put(alice.cookie, { address: WALLET, currentPassword: REGISTRATION.password });
    await put(bob.cookie, { address: OTHER, currentPassword: REGISTRATION.password });
    const rows = await t.database.db.select({ id: users.id, wallet: users.receivingWallet }).from(users);
    expect(rows).toEqual(expect.arrayContaining([{ id: alice.id, wallet: WALLET }, { id: bob.id, wallet: OTHER }]) as unknown);
  });

  it('after the sale ends, gives a missing wallet at once but turns a change into a request', async () => {
    const early = await registerBuyer(t.app, { email: 'early@example.com' });
    const late = await registerBuyer(t.app, { email: 'late@example.com' });
    await put(early.cookie, { address: WALLET, currentPassword: REGISTRATION.password });
    await t.database.db.update(saleSettings).set({ startsAt: new Date(Date.now() - 7 * 86_400_000), endsAt: new Date(Date.now() - 60_000) });
    t.app.saleFigures.invalidate();
    const change = await put(early.cookie, { address: OTHER, currentPassword: REGISTRATION.password });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json<Me>()).toMatchObject({ receivingWallet: WALLET, walletRequest: { address: OTHER, state: 'pending' } });
    // The same wallet again changes nothing.
    expect((await put(early.cookie, { address: WALLET, currentPassword: REGISTRATION.password })).json<Me>().walletRequest).toMatchObject({ state: 'pending' });
    expect((await put(late.cookie, { address: OTHER, currentPassword: REGISTRATION.password })).json<Me>()).toMatchObject({ receivingWallet: OTHER, walletRequest: null });

    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/me/wallet-request', cookies: { [COOKIE]: early.cookie } });
    expect(withdrawn.json<Me>()).toMatchObject({ receivingWallet: WALLET, walletRequest: { address: OTHER, state: 'withdrawn' } });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/wallet-request', cookies: { [COOKIE]: early.cookie } })).statusCode).toBe(409);
  });
});
