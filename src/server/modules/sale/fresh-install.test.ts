// A fresh install (issue 28): the sale is unscheduled until an operator saves its schedule, and only
// the common currencies start enabled. The harness seeds a scheduled sale with every currency
// enabled for the other tests; these seed the way a started server does (main.ts).
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Setup } from '@/contracts/setup';
import type { Sale } from '@/contracts/sale';
import { auditLog, cryptos, saleSettings, saleStages } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { seedCryptos } from '../cryptos/cryptos.repository';
import { ensureSaleSettings } from './sale.repository';

const OP_COOKIE = 'presale_operator_session';
const BUYER = 'presale_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Seeds the sale and the currencies as the server does on its first start. */
async function freshInstall(t: TestContext): Promise<void> {
  await t.database.db.delete(saleSettings);
  await t.database.db.delete(cryptos);
  await ensureSaleSettings(t.database.db, new Date());
  await seedCryptos(t.database.db);
  t.app.saleFigures.invalidate();
}

describe(`a fresh install (${databaseKind})`, () => {
  const t = useTestApp();
  const sale = async () => (await t.app.inject({ method: 'GET', url: '/api/sale' })).json<Sale>();
  const setup = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/admin/setup', cookies: { [OP_COOKIE]: cookie } })).json<Setup>();
  const order = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '1000' } });
  const offerEth = () => t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET }).where(eq(cryptos.code, 'ETH'));

  it('seeds one sale and one stage when instances start together on an empty database', async () => {
    // Two instances behind a load balancer start at once: both seed, neither fails (on PostgreSQL the
    // seeds run side by side on connections of their own).
    for (let round = 0; round < 10; round++) {
      await t.database.db.delete(saleStages);
      await t.database.db.delete(saleSettings);
      await Promise.all(Array.from({ length: 4 }, () => ensureSaleSettings(t.database.db, new Date())));
      expect(await t.database.db.select({ position: saleStages.position }).from(saleStages)).toEqual([{ position: 1 }]);
    }
  });

  it('has an unscheduled sale: upcoming, nothing to count down to, no orders, the schedule step unticked', async () => {
    await freshInstall(t);
    await offerEth();
    const fresh = await sale();
    expect(fresh).toMatchObject({ state: 'upcoming', scheduled: false, startsAt: null, endsAt: null });

    const buyer = await registerBuyer(t.app);
    const refused = await order(buyer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'The presale has not been scheduled yet: it opens soon.' } });

    const cookie = await signInOperator(t.app, t.database);
    const dates = (await setup(cookie)).items.find((i) => i.key === 'dates');
    expect(dates).toMatchObject({ done: false, detail: 'No operator has saved the schedule yet: the sale opens only once you do.' });
  });

  it('is scheduled when an operator saves the schedule, in the audit log, and then takes orders', async () => {
    await freshInstall(t);
    await offerEth();
    const cookie = await signInOperator(t.app, t.database);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/sale',
      cookies: { [OP_COOKIE]: cookie },
      payload: { tokenName: 'Aurora Token', tokenSymbol: 'AUR', totalSupply: '1000000000', softCap: '10000000', startsAt, endsAt, orderExpiryMinutes: 60, listingAt: null, deliveryNote: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await sale()).toMatchObject({ state: 'live', scheduled: true, startsAt, endsAt });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sale.updated'));
    expect(audit).toMatchObject({ before: { scheduled: false }, after: { scheduled: true } });
    expect((await setup(cookie)).items.find((i) => i.key === 'dates')?.done).toBe(true);

    const buyer = await registerBuyer(t.app);
    const made = await order(buyer.cookie);
    expect(made.statusCode, made.body).toBe(201);
  });

  it('enables only BTC, ETH, USDT and USDC; the checklist names enabled currencies that are not ready', async () => {
    await freshInstall(t);
    const rows = await t.database.db.select({ code: cryptos.code, enabled: cryptos.enabled }).from(cryptos).orderBy(asc(cryptos.code));
    expect(rows.filter((r) => r.enabled).map((r) => r.code)).toEqual(['BTC', 'ETH', 'USDC', 'USDT']);
    expect(rows.filter((r) => !r.enabled).map((r) => r.code)).toEqual(['BNB', 'DOGE', 'LTC', 'SOL', 'TRX', 'USDTTRC20']);

    await offerEth();
    const cookie = await signInOperator(t.app, t.database);
    const addresses = (await setup(cookie)).items.find((i) => i.key === 'addresses');
    expect(addresses).toMatchObject({
      done: false,
      detail: 'Currencies enabled but not ready: BTC (no address), USDC (no address), USDT (no address). Complete them or disable them.',
    });
    await t.database.db.update(cryptos).set({ enabled: false }).where(eq(cryptos.rateSource, 'feed'));
    expect((await setup(cookie)).items.find((i) => i.key === 'addresses')).toMatchObject({ done: true, detail: 'Every enabled cryptocurrency has an address and a current rate.' });
  });
});
