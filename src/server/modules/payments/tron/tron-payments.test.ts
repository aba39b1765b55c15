// Automatic TRON payments end to end (issue 33): the operator's TRON account key and TronGrid-compatible
// endpoint, a buyer's deposit address, USDT (TRC-20) and TRX transfers built and signed offline with
// tronweb and served by the test node, the watcher's ticks, and each order approved exactly once — or
// not at all when the call failed, the token is a look-alike, the payment was late or reorganised away.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { PaymentSettings } from '@/contracts/payments';
import { accountKeyMessages } from '@/domain/account-key';
import { deriveTronAddress, parseTronAccountKey, TRON_ACCOUNT } from '@/domain/tron/account-key';
import { buildApp } from '../../../app';
import { auditLog, cryptos, ledgerEntries, orders, payments, tronChains } from '../../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../../test/harness';
import { startTronNode, TronTestWallet, type TronTestNode } from '../../../test/tron-node';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LOOK_ALIKE = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
/** The sale's own TRON wallet, where manual orders would pay. */
const SALE_WALLET = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const MESSAGES = accountKeyMessages(TRON_ACCOUNT);
const units = (usdt: string) => BigInt(Math.round(Number(usdt) * 1_000_000));

describe(`automatic TRON payments (${databaseKind})`, () => {
  const t = useTestApp();
  let operator: string;
  let node: TronTestNode;
  let payer: TronTestWallet;
  // The operator's account: the xpub is all the server sees; the seed exists only in this test.
  const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'");
  const key = (() => {
    const parsed = parseTronAccountKey(account.publicExtendedKey);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.key;
  })();

  const admin = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const view = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
  const tick = (now?: Date) => t.app.paymentWatch.runOnce(now);
  const credits = async (userId: number) => (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;
  const tron = async () => (await admin('GET', '/api/admin/payments')).json<PaymentSettings>().tron;
  const watcherBody = (overrides: Record<string, unknown> = {}) => ({ apiUrl: node.url, confirmations: 19, tolerancePercent: '0.5', autoApproveUsd: '10000', ...overrides });

  async function setUpAutomatic(watcher: Record<string, unknown> = {}) {
    // 100 tokens per USDT and per TRX (priced at $1 here): 100 tokens cost 1 USDT.
    for (const code of ['USDTTRC20', 'TRX']) {
      await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: SALE_WALLET, enabled: true }).where(eq(cryptos.code, code));
    }
    expect((await admin('PUT', '/api/admin/payments/tron/key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
    const res = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody(watcher));
    expect(res.statusCode, res.body).toBe(200);
  }

  async function placeOrder(cookie: string, tokens: string, crypto = 'USDTTRC20'): Promise<Order> {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto, tokens } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }

  /** Mines blocks until the one holding the pool is `depth` deep, then ticks. */
  async function confirm(depth: number, now?: Date) {
    node.mine(depth);
    await tick(now);
  }

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
    node = await startTronNode({ height: 30 });
    payer = new TronTestWallet(node);
    node.deployToken(USDT, { [payer.address]: 1_000_000_000n });
    node.deployToken(LOOK_ALIKE, { [payer.address]: 1_000_000_000n });
  });

  afterEach(async () => {
    await node.close();
  });

  it('takes a watch-only TRON key, shows its first addresses, refuses secrets and other networks, and shows only the endpoint host', async () => {
    const xprv = await admin('PUT', '/api/admin/payments/tron/key', { xpub: account.privateExtendedKey });
    expect(xprv.json()).toMatchObject({ error: { fields: { xpub: MESSAGES.extendedPrivateKey } } });
    const phrase = await admin('PUT', '/api/admin/payments/tron/key', { xpub: 'abandon '.repeat(11) + 'about' });
    expect(phrase.json()).toMatchObject({ error: { fields: { xpub: MESSAGES.recoveryPhrase } } });
    expect((await tron()).key).toBeNull();

    const saved = await admin('PUT', '/api/admin/payments/tron/key', { xpub: account.publicExtendedKey });
    expect(saved.json<PaymentSettings>().tron.key).toEqual({ xpub: account.publicExtendedKey, fingerprint: account.fingerprint.toString(16).padStart(8, '0'), firstAddresses: [0, 1, 2].map((i) => deriveTronAddress(key, i)), handedOut: 0 });
    expect(deriveTronAddress(key, 0)).toMatch(/^T/);

    const nile = await startTronNode({ genesis: `0000000000000000${'ab'.repeat(24)}` });
    try {
      const other = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ apiUrl: nile.url }));
      expect(other.json()).toMatchObject({ error: { fields: { apiUrl: "This endpoint does not serve TRON's main network (its first block is abababababab…, not 1ebf88508a03…)." } } });
      // A fallback is checked as the first endpoint is, and its refusal lands on its own field.
      const otherFallback = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ fallbackUrl: nile.url }));
      expect(otherFallback.json()).toMatchObject({ error: { fields: { fallbackUrl: expect.stringContaining("does not serve TRON's main network") as unknown } } });
    } finally {
      await nile.close();
    }
    const unreachable = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ apiUrl: 'http://127.0.0.1:9/SECRET-KEY' }));
    expect(unreachable.json()).toMatchObject({ error: { fields: { apiUrl: expect.stringContaining('The endpoint did not answer as a TronGrid-compatible API') as unknown } } });
    expect(unreachable.body).not.toContain('SECRET-KEY');

    const set = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ apiUrl: `${node.url}/?apikey=SECRET-KEY`, confirmations: undefined }));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<PaymentSettings>().tron.watcher).toMatchObject({ apiHost: new URL(node.url).host, fallbackHost: null, confirmations: 19, headBlock: String(node.head()), nextBlock: String(node.head() + 1) });
    expect(set.body).not.toContain('SECRET-KEY');
    const second = await startTronNode();
    try {
      const withFallback = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ apiUrl: `${node.url}/?apikey=SECRET-KEY`, fallbackUrl: `${second.url}/?key=OTHER-SECRET` }));
      expect(withFallback.json<PaymentSettings>().tron.watcher).toMatchObject({ apiHost: new URL(node.url).host, fallbackHost: new URL(second.url).host });
      expect(withFallback.body).not.toContain('OTHER-SECRET');
    } finally {
      await second.close();
    }
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action).sort()).toEqual(['payments.tron_key', 'payments.tron_watcher', 'payments.tron_watcher']);
    expect(JSON.stringify(audit)).not.toContain('SECRET');
    expect(JSON.stringify(audit)).not.toContain(account.publicExtendedKey);
  });

  it('gives each buyer their own TRON address and approves an exact USDT payment once, at 19 confirmations', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const placed = await placeOrder(buyer.cookie, '1000');
    expect(placed).toMatchObject({ address: deriveTronAddress(key, 0), payAmount: '10' });
    // TRON has no payment URI wallets agree on: the QR code holds the plain address.
    expect(placed.paymentUri).toBe(placed.address);
    expect((await placeOrder(other.cookie, '100', 'TRX')).address).toBe(deriveTronAddress(key, 1));

    const txid = payer.transferToken(USDT, placed.address, units(placed.payAmount));
    await confirm(1);
    const seen = await view(buyer.cookie, placed.id);
    expect(seen).toMatchObject({ status: 'pending', txHash: txid });
    expect(seen.payment).toMatchObject({ received: '0', required: 19, transfers: [{ txHash: txid, explorerUrl: `https://tronscan.org/#/transaction/${txid}`, amount: '10', state: 'seen', confirmations: 1 }] });
    await confirm(17);
    expect((await view(buyer.cookie, placed.id)).payment).toMatchObject({ transfers: [{ state: 'seen', confirmations: 18 }] });
    expect(await credits(buyer.id)).toBe(0);
    await confirm(1);
    const approved = await view(buyer.cookie, placed.id);
    expect(approved).toMatchObject({ status: 'approved', payment: { received: '10', remaining: '0', transfers: [{ state: 'confirmed', confirmations: 19 }] } });
    expect(await credits(buyer.id)).toBe(2); // tokens and bonus
    await confirm(3);
    expect(await credits(buyer.id)).toBe(2);
    // The watcher read the chain's prices: what sweeping USDT out of one address burns, in TRX.
    expect((await tron()).watcher?.sweepFee).toMatchObject({ trx: '13.995', energySun: 210, bandwidthSun: 1000 });
    const [approval] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(approval).toMatchObject({ operatorLogin: 'Automatic', operatorId: null });
  });

  it('reads on from where it stopped when the operator moves the watcher to another endpoint', async () => {
    await setUpAutomatic({ confirmations: 1 });
    await tick();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '1000');
    // Paid and mined while the first endpoint fails; the operator then moves to another of the same network.
    payer.transferToken(USDT, placed.address, units(placed.payAmount));
    node.mine(3);
    const moved = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ apiUrl: node.url.replace('127.0.0.1', 'localhost'), confirmations: 1 }));
    expect(moved.statusCode, moved.body).toBe(200);
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
  });

  it('waits for the rest of a short payment, approves an overpayment, and credits TRX', async () => {
    await setUpAutomatic({ confirmations: 1 });
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '1000');
    payer.transferToken(USDT, placed.address, units('6'));
    await confirm(1);
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'pending', payment: { received: '6', remaining: '4', remainderUri: placed.address } });
    payer.transferToken(USDT, placed.address, units('4'));
    await confirm(1);
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');

    const other = await registerBuyer(t.app, { email: 'over@example.com' });
    const trx = await placeOrder(other.cookie, '100', 'TRX');
    payer.sendTrx(trx.address, units('1.5'));
    await confirm(1);
    const decided = (await admin('GET', '/api/admin/orders?status=approved')).json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === trx.id);
    expect(decided).toMatchObject({ decidedBy: 'Automatic', payment: { received: '1.5', verdict: 'overpaid', excess: '0.5' } });
    expect(await credits(other.id)).toBe(2);
  });

  it('refuses a TRON order under the operator’s minimum at its field, and takes one at the minimum', async () => {
    await setUpAutomatic({ minOrderUsd: '20' });
    expect((await tron()).watcher?.minOrderUsd).toBe('20');
    const buyer = await registerBuyer(t.app);
    const small = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'USDTTRC20', tokens: '1000' } });
    expect(small.statusCode).toBe(400);
    const message = 'Orders in USDTTRC20 start at 20 USD: moving a smaller payment out of its address would cost too large a share of it.';
    expect(small.json()).toMatchObject({ error: { message, fields: { tokens: message } } });
    // Refused whole: no address was handed out for it.
    expect((await tron()).key?.handedOut).toBe(0);
    expect(await placeOrder(buyer.cookie, '2000')).toMatchObject({ payAmount: '20', address: deriveTronAddress(key, 0) });
    const zero = await admin('PUT', '/api/admin/payments/tron/watcher', watcherBody({ minOrderUsd: '0' }));
    expect(zero.json()).toMatchObject({ error: { fields: { minOrderUsd: 'The minimum order is more than 0; leave it empty for none.' } } });
  });

  it('credits nothing for a reverted USDT call or a look-alike token, and keeps a payment with no open order as unallocated', async () => {
    await setUpAutomatic({ confirmations: 1 });
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '1000');
    payer.transferToken(USDT, placed.address, 5_000_000_000n); // more than the payer holds: the call reverts
    payer.transferToken(LOOK_ALIKE, placed.address, units('10'));
    await confirm(2);
    expect(await t.database.db.select().from(payments)).toEqual([]);
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'pending', payment: { received: '0', transfers: [] } });

    payer.transferToken(USDT, placed.address, units('10'));
    await confirm(1);
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    const stray = payer.transferToken(USDT, placed.address, units('2'));
    await confirm(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.txHash, stray));
    expect(row).toMatchObject({ network: 'tron', orderId: null, state: 'confirmed', tokenContract: USDT, toAddress: placed.address, value: '2000000' });
    await t.database.db.update(payments).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(payments.txHash, stray));
    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: { crypto: string | null; amount: string }[] }>().deposits;
    expect(listed).toEqual([expect.objectContaining({ crypto: 'USDTTRC20', amount: '2' })]);
  });

  it('leaves a payment in a block after the window to the operator, as late, judged by the block time', async () => {
    await setUpAutomatic({ confirmations: 1 });
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '1000');
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 120_000);
    await t.database.db.update(orders).set({ expiresAt }).where(eq(orders.publicId, placed.id));
    payer.transferToken(USDT, placed.address, units('10'));
    node.mine(1, expiresAt.getTime() + 3000);
    node.mine(1);
    await tick();
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'expired' });
    expect(await credits(buyer.id)).toBe(0);
    const listed = (await admin('GET', '/api/admin/orders?status=expired')).json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === placed.id);
    expect(listed?.payment).toMatchObject({ received: '10', verdict: 'paid' });
  });

  it('reverts a payment reorganised away before it was confirmed, and approves nothing', async () => {
    await setUpAutomatic({ confirmations: 3 });
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '1000');
    const txid = payer.transferToken(USDT, placed.address, units('10'));
    await confirm(1);
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ txHash: txid, state: 'seen' }]);
    node.reorganise(1);
    await tick();
    await confirm(5);
    expect(await t.database.db.select({ state: payments.state }).from(payments)).toEqual([{ state: 'reverted' }]);
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'pending', payment: { received: '0' } });
    expect(await credits(buyer.id)).toBe(0);
  });

  it('loses nothing to a provider that fails (500, truncated answer, 429), and credits once across two instances ticking at once', async () => {
    await setUpAutomatic({ confirmations: 2 });
    const second = await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' });
    try {
      await second.ready();
      const buyer = await registerBuyer(t.app);
      const placed = await placeOrder(buyer.cookie, '1000');
      payer.transferToken(USDT, placed.address, units('10'));
      node.mine(1);
      // An endpoint that never serves the chain's prices leaves the fee estimate out, and holds nothing back.
      node.inject('error', { pathPrefix: '/wallet/getchainparameters', times: 1000 });
      let later = Date.now();
      for (const fault of ['error', 'malformed', 'rate-limit'] as const) {
        node.inject(fault, { pathPrefix: '/wallet/getblockbynum' });
        const reports = await tick(new Date((later += 10 * 60_000)));
        expect(reports.find((r) => 'chain' in r && r.chain === 'tron')?.error).toBeTruthy();
        expect((await tron()).watcher?.lastError).toBeTruthy();
      }
      expect(await t.database.db.select().from(payments)).toEqual([]);
      node.mine(1);
      const now = new Date((later += 10 * 60_000));
      await Promise.all([t.app.paymentWatch.runOnce(now), second.paymentWatch.runOnce(now)]);
      await Promise.all([t.app.paymentWatch.runOnce(now), second.paymentWatch.runOnce(now)]);
      expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
      expect(await t.database.db.select().from(payments)).toHaveLength(1);
      expect(await credits(buyer.id)).toBe(2);
      expect((await tron()).watcher).toMatchObject({ lastError: null, sweepFee: null });
      const [row] = await t.database.db.select().from(tronChains);
      expect(row?.nextBlock).toBe(BigInt(node.head() + 1));
    } finally {
      await second.close();
    }
  });
});
