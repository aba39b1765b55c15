// TRON addresses imported instead of an account key (issue 33): every line checked and nothing kept
// from a list with one bad line, secrets refused by name, one address per buyer in the order imported,
// a clear refusal (audited once) when none is left, two buyers racing for the last one, more imported
// at the end, the switch to and from the key, and a payment to an imported address approved.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/contracts/orders';
import type { PaymentSettings } from '@/contracts/payments';
import { deriveTronAddress, parseTronAccountKey } from '@/domain/tron/account-key';
import { ADDRESS_LIST_MESSAGES } from '@/domain/tron/address-list';
import { auditLog, cryptos, orders } from '../../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../../test/harness';
import { startTronNode, TronTestWallet, type TronTestNode } from '../../../test/tron-node';
import { NO_ADDRESS_LEFT } from '../deposit-addresses.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SALE_WALLET = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

/** A TRON account of the test's own: its xpub, and its addresses as the operator's wallet lists them. */
function account() {
  const hd = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'");
  const parsed = parseTronAccountKey(hd.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  return { xpub: hd.publicExtendedKey, address: (i: number) => deriveTronAddress(parsed.key, i) };
}

describe(`imported TRON addresses (${databaseKind})`, () => {
  const t = useTestApp();
  let operator: string;
  let node: TronTestNode;
  const wallet = account();
  const listed = (from: number, count: number) => Array.from({ length: count }, (_, i) => wallet.address(from + i));

  const admin = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload }) });
  const importList = (lines: string[] | string) => admin('POST', '/api/admin/payments/tron/addresses', { addresses: typeof lines === 'string' ? lines : lines.join('\n') });
  const tron = async () => (await admin('GET', '/api/admin/payments')).json<PaymentSettings>().tron;
  const order = (cookie: string, crypto = 'USDTTRC20') => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto, tokens: '1000' } });
  const placed = async (cookie: string) => {
    const res = await order(cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  };
  const audits = async (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
    node = await startTronNode({ height: 30 });
    for (const code of ['USDTTRC20', 'TRX']) {
      await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: SALE_WALLET, enabled: true }).where(eq(cryptos.code, code));
    }
    const watcher = await admin('PUT', '/api/admin/payments/tron/watcher', { apiUrl: node.url, confirmations: 1, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(watcher.statusCode, watcher.body).toBe(200);
  });

  afterEach(async () => {
    await node.close();
  });

  it('checks every line and keeps nothing of a list with a bad one; refuses secrets by name without repeating them', async () => {
    const good = listed(0, 3);
    const cases: [string[] | string, string][] = [
      ['\n  \n', ADDRESS_LIST_MESSAGES.empty],
      [[good[0] ?? '', 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdX', good[1] ?? ''], ADDRESS_LIST_MESSAGES.notAddress(2)],
      [[good[0] ?? '', '', good[1] ?? '', good[0] ?? ''], ADDRESS_LIST_MESSAGES.repeated(4, 1, good[0] ?? '')],
      [[good[0] ?? '', 'f'.repeat(64), 'nonsense'], ADDRESS_LIST_MESSAGES.withOthers(ADDRESS_LIST_MESSAGES.linePrivateKey(2), 1)],
      [[good[0] ?? '', HDKey.fromMasterSeed(randomBytes(32)).privateExtendedKey], ADDRESS_LIST_MESSAGES.lineExtendedPrivateKey(2)],
      [[good[0] ?? '', 'legal winner thank year wave sausage worth useful legal winner thank yellow'], ADDRESS_LIST_MESSAGES.lineRecoveryPhrase(2)],
      ['legal\nwinner\nthank\nyear\nwave\nsausage\nworth\nuseful\nlegal\nwinner\nthank\nyellow', ADDRESS_LIST_MESSAGES.recoveryPhrase],
      // Hex (41…) is how TRON's APIs write addresses, not how wallets show them.
      [['41' + 'ab'.repeat(20)], ADDRESS_LIST_MESSAGES.notAddress(1)],
    ];
    for (const [lines, message] of cases) {
      const res = await importList(lines);
      expect([res.statusCode, res.json()]).toEqual([400, { error: expect.objectContaining({ message, fields: { addresses: message } }) as unknown }]);
      expect(res.body).not.toContain('sausage');
      expect(res.body).not.toContain('f'.repeat(64));
    }
    expect((await tron()).addressList).toBeNull();

    const ok = await importList(`\uFEFF${good.join('\r\n')}\n`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PaymentSettings>().tron).toMatchObject({ key: null, addressList: { active: true, imported: 3, handedOut: 0, left: 3, fewLeft: true, ranOutAt: null } });
    // Imported before: refused with its line, and the new line beside it is not kept either.
    const again = await importList([wallet.address(3), good[1] ?? '']);
    expect(again.json()).toMatchObject({ error: { fields: { addresses: ADDRESS_LIST_MESSAGES.imported(2, good[1] ?? '') } } });
    expect((await tron()).addressList?.imported).toBe(3);
    const [imported] = await audits('payments.tron_addresses_imported');
    expect(imported?.after).toEqual({ source: 'list', added: 3, first: good[0], last: good[2], imported: 3, left: 3 });
  });

  it('hands out one address per buyer in the order imported, refuses an order once none is left (audited once), and takes more', async () => {
    expect((await importList(listed(0, 2))).statusCode).toBe(200);
    const [a, b, c] = [await registerBuyer(t.app), await registerBuyer(t.app, { email: 'b@example.com' }), await registerBuyer(t.app, { email: 'c@example.com' })];
    const first = await placed(a.cookie);
    expect(first.address).toBe(wallet.address(0));
    // The same buyer keeps their address, in the other currency too.
    const trx = await order(a.cookie, 'TRX');
    expect(trx.json<Order>().address).toBe(wallet.address(0));
    expect((await placed(b.cookie)).address).toBe(wallet.address(1));
    expect((await tron()).addressList).toMatchObject({ imported: 2, handedOut: 2, left: 0, fewLeft: true, ranOutAt: null });

    for (let i = 0; i < 2; i += 1) {
      const refused = await order(c.cookie);
      expect([refused.statusCode, refused.json()]).toEqual([409, { error: expect.objectContaining({ message: NO_ADDRESS_LEFT, fields: { crypto: NO_ADDRESS_LEFT } }) as unknown }]);
    }
    // Nothing of the refused orders was kept; the operator is told once.
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, c.id))).toEqual([]);
    const ranOut = await audits('payments.tron_addresses_ran_out');
    expect(ranOut).toHaveLength(1);
    expect(ranOut[0]).toMatchObject({ operatorLogin: 'Automatic', after: { imported: 2, left: 0 } });
    expect((await tron()).addressList?.ranOutAt).toEqual(expect.any(String));

    // More addresses go after the others, and the next order takes the first of them.
    expect((await importList(listed(2, 25))).json<PaymentSettings>().tron.addressList).toMatchObject({ imported: 27, handedOut: 2, left: 25, fewLeft: false, ranOutAt: null });
    expect((await placed(c.cookie)).address).toBe(wallet.address(2));

    // A payment to an imported address is seen and approved as one to a derived address.
    const payer = new TronTestWallet(node);
    node.deployToken(USDT, { [payer.address]: 1_000_000_000n });
    payer.transferToken(USDT, first.address, 10_000_000n);
    node.mine(2);
    await t.app.paymentWatch.runOnce();
    const approved = await t.app.inject({ method: 'GET', url: `/api/orders/${first.id}`, cookies: { [BUYER]: a.cookie } });
    expect(approved.json<Order>().status).toBe('approved');
  });

  it('gives two buyers racing for the last address different addresses or one a clear refusal', async () => {
    expect((await importList(listed(0, 1))).statusCode).toBe(200);
    const buyers = [await registerBuyer(t.app), await registerBuyer(t.app, { email: 'b@example.com' })];
    const results = await Promise.all(buyers.map((b) => order(b.cookie)));
    const made = results.filter((r) => r.statusCode === 201).map((r) => r.json<Order>().address);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(made).toEqual([wallet.address(0)]);
    expect(refused.map((r) => r.json<{ error: { message: string } }>().error.message)).toEqual([NO_ADDRESS_LEFT]);
  });

  it('switches between the key and the list: refused while orders await the current source, handed-out addresses stay their buyers’', async () => {
    const key = wallet.xpub;
    expect((await admin('PUT', '/api/admin/payments/tron/key', { xpub: key })).statusCode).toBe(200);
    const a = await registerBuyer(t.app);
    const fromKey = await placed(a.cookie);
    expect(fromKey.address).toBe(wallet.address(0));
    // The list holds the key's next two addresses (one wallet), and one the key already handed out.
    const inUse = await importList(listed(1, 2).concat(wallet.address(0)));
    expect(inUse.json()).toMatchObject({ error: { fields: { addresses: ADDRESS_LIST_MESSAGES.inUse(3, wallet.address(0)) } } });
    const open = await importList(listed(1, 2));
    expect([open.statusCode, open.json()]).toEqual([409, { error: expect.objectContaining({ fields: { addresses: '1 order is awaiting payment to addresses of the current key: it can be replaced once they are paid or expired.' } }) as unknown }]);

    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.publicId, fromKey.id));
    const switched = await importList(listed(1, 2));
    expect(switched.json<PaymentSettings>().tron).toMatchObject({ key: null, addressList: { active: true, imported: 2, left: 2 } });
    const b = await registerBuyer(t.app, { email: 'b@example.com' });
    const fromList = await placed(b.cookie);
    expect(fromList.address).toBe(wallet.address(1));
    // Buyer a had an address of the key: the list gives them one of its own.
    expect((await placed(a.cookie)).address).toBe(wallet.address(2));

    // Back to the key while orders await the list's addresses: refused at the key field, naming the list.
    const back = await admin('PUT', '/api/admin/payments/tron/key', { xpub: key });
    expect(back.json()).toMatchObject({ error: { fields: { xpub: '2 orders are awaiting payment to imported addresses: the list can be replaced once they are paid or expired.' } } });
    await t.database.db.update(orders).set({ status: 'expired' });
    expect((await admin('PUT', '/api/admin/payments/tron/key', { xpub: key })).json<PaymentSettings>().tron).toMatchObject({ key: { handedOut: 1 }, addressList: { active: false, left: 0 } });
    // The key goes on past the addresses the list handed out from the same wallet: a new buyer gets index 3.
    const c = await registerBuyer(t.app, { email: 'c@example.com' });
    expect((await placed(c.cookie)).address).toBe(wallet.address(3));
    expect((await placed(b.cookie)).address).toBe(wallet.address(4));
    const [switchedAudit] = await audits('payments.tron_addresses_imported');
    expect(switchedAudit).toMatchObject({ before: { firstAddress: wallet.address(0) }, after: { source: 'list', added: 2 } });

    // The list set aside is not in use: stopping it is refused; importing again brings it back.
    expect((await admin('DELETE', '/api/admin/payments/tron/addresses')).statusCode).toBe(404);
    await t.database.db.update(orders).set({ status: 'expired' });
    expect((await importList(listed(10, 1))).json<PaymentSettings>().tron.addressList).toMatchObject({ active: true, imported: 3, left: 1 });
    const stopped = await admin('DELETE', '/api/admin/payments/tron/addresses');
    expect(stopped.json<PaymentSettings>().tron).toMatchObject({ key: null, addressList: { active: false } });
    const d = await registerBuyer(t.app, { email: 'd@example.com' });
    // No source: TRON orders pay to the sale's single wallet, reviewed by hand.
    expect((await placed(d.cookie)).address).toBe(SALE_WALLET);
    expect((await audits('payments.tron_addresses_removed')).length).toBe(1);
  });
});
