// Automatic Bitcoin payments end to end (issue 13): the operator's zpub and Esplora endpoint, a
// buyer's deposit address, transactions really built and signed with @scure/btc-signer and served by
// the Esplora test server, the watcher's ticks, and each order approved exactly once, or not at all
// when the payment is replaced, dropped or reorganised away.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { PaymentSettings } from '@/contracts/payments';
import { UTXO_KEY_MESSAGES, deriveUtxoAddress, parseUtxoAccountKey, type UtxoAccountKey } from '@/domain/utxo/account-key';
import { parseCoins } from '@/domain/utxo/amount';
import { CHAINS } from '@/domain/utxo/chains';
import { buildApp } from '../../../app';
import { auditLog, bitcoinChains, cryptos, ledgerEntries, orders, payments } from '../../../db/schema';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../../../test/esplora-server';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };
/** The sale's own Bitcoin wallet (BIP-173's example address): where manual orders would pay. */
const SALE_WALLET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const bitcoinOf = (settings: PaymentSettings) => {
  const found = settings.utxoChains.find((c) => c.chain === 'bitcoin');
  if (!found) throw new Error('no bitcoin in the settings');
  return found;
};

describe(`automatic Bitcoin payments (${databaseKind})`, () => {
  const t = useTestApp();
  let operator: string;
  let server: EsploraTestServer;
  let account: HDKey;
  let key: UtxoAccountKey;
  let wallet: TestWallet;

  const admin = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const order = (cookie: string, tokens: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'BTC', tokens } });
  const view = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
  const tick = () => t.app.paymentWatch.runOnce();
  /**
   * A tick a minute on. An awaited address is polled for unconfirmed payments every tenth of its
   * order's age (mempool-polls.ts): ticks right after one another may not poll it, and a payment that
   * left the mempool is judged gone only by a scan that polled its address.
   */
  const tickAMinuteOn = () => t.app.paymentWatch.runOnce(new Date(Date.now() + 60_000));
  const credits = async (userId: number) => (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;
  const settings = async () => (await admin('GET', '/api/admin/payments')).json<PaymentSettings>();
  const chainBody = (overrides: Record<string, unknown> = {}) => ({ esploraUrl: server.url, confirmations: 2, largeAbove: '1', largeConfirmations: 6, tolerancePercent: '0.5', autoApproveUsd: '100000', ...overrides });

  /** A coin for the payer, and a payment of `btc` from it to `to`. */
  function pay(to: string, btc: string, options: { rbf?: boolean } = {}) {
    const coin = wallet.fund(parseCoins(btc) + 100_000n);
    return { coin, txid: wallet.send(coin, [{ address: to, units: parseCoins(btc) }], options) };
  }

  async function setUpAutomatic(chain: Record<string, unknown> = {}) {
    // 1 BTC buys 1,000,000 tokens: 100 tokens cost 0.0001 BTC.
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '1000000', usdPrice: '10000', address: SALE_WALLET, enabled: true }).where(eq(cryptos.code, 'BTC'));
    expect((await admin('PUT', '/api/admin/payments/utxo/bitcoin/key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
    const res = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody(chain));
    expect(res.statusCode, res.body).toBe(200);
    // The first tick starts at the tip: nothing paid before counts.
    await tick();
  }

  async function placeOrder(cookie: string, tokens: string): Promise<Order> {
    const res = await order(cookie, tokens);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }

  /** A buyer's 100-token order paid exactly, in a block the watcher has read: 1 confirmation. */
  async function paidAndMinedOnce() {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    const { txid } = pay(placed.address, '0.0001');
    server.mine();
    await tick();
    return { buyer, placed, txid };
  }

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
    server = await startEsploraServer();
    // The operator's account: the zpub is all the server sees; the seed exists only in this test.
    account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/0'/0'");
    const parsed = parseUtxoAccountKey('bitcoin', account.publicExtendedKey);
    if (!parsed.ok) throw new Error(parsed.message);
    key = parsed.key;
    wallet = new TestWallet(server);
  });

  afterEach(async () => {
    await server.close();
  });

  it('takes a watch-only zpub, shows its first addresses, refuses secrets, and shows only the endpoint host', async () => {
    const xprv = await admin('PUT', '/api/admin/payments/utxo/bitcoin/key', { xpub: account.privateExtendedKey });
    expect(xprv.statusCode).toBe(400);
    expect(xprv.json()).toMatchObject({ error: { fields: { xpub: UTXO_KEY_MESSAGES.extendedPrivateKey('zprv', 'zpub') } } });
    expect(xprv.body).not.toContain(account.privateExtendedKey);
    expect(bitcoinOf(await settings()).key).toBeNull();

    const wrongType = await admin('PUT', '/api/admin/payments/utxo/bitcoin/key', { xpub: account.publicExtendedKey, scriptType: 'p2pkh' });
    expect(wrongType.json()).toMatchObject({ error: { fields: { scriptType: UTXO_KEY_MESSAGES.scriptMismatch('zpub', 'p2wpkh', 'p2pkh') } } });
    const saved = await admin('PUT', '/api/admin/payments/utxo/bitcoin/key', { xpub: account.publicExtendedKey });
    expect(bitcoinOf(saved.json<PaymentSettings>()).key).toEqual({
      xpub: account.publicExtendedKey,
      fingerprint: account.fingerprint.toString(16).padStart(8, '0'),
      scriptType: 'p2wpkh',
      firstAddresses: [0, 1, 2].map((i) => deriveUtxoAddress(key, i)),
      handedOut: 0,
      gap: 0,
    });
    expect(deriveUtxoAddress(key, 0)).toMatch(/^bc1q/);

    // An Esplora API of a test network (or any chain but Bitcoin's main one) is refused at the field.
    const testnet = await startEsploraServer({ height: 1, network: CHAINS['bitcoin-testnet'].network, genesisHash: '00'.repeat(4) + 'ab'.repeat(28) });
    try {
      const other = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ esploraUrl: testnet.url }));
      expect(other.json()).toMatchObject({ error: { fields: { esploraUrl: "This endpoint does not serve Bitcoin's main network (its first block is 00000000abab…, not 000000000019…)." } } });
    } finally {
      await testnet.close();
    }
    const unreachable = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ esploraUrl: 'http://127.0.0.1:9/api?key=SECRET-KEY' }));
    expect(unreachable.json()).toMatchObject({ error: { fields: { esploraUrl: expect.stringContaining('did not answer as an Esplora API') as unknown } } });
    expect(unreachable.body).not.toContain('SECRET-KEY');
    const fewer = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ confirmations: 3, largeConfirmations: 2 }));
    expect(fewer.json()).toMatchObject({ error: { fields: { largeConfirmations: 'Large payments cannot need fewer confirmations than others.' } } });
    const tooMany = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ confirmations: 145 }));
    expect(tooMany.json()).toMatchObject({ error: { fields: { confirmations: expect.stringContaining('144') as unknown } } });

    const chainSaved = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ esploraUrl: `${server.url}?key=SECRET-KEY` }));
    expect(chainSaved.statusCode, chainSaved.body).toBe(200);
    expect(bitcoinOf(chainSaved.json<PaymentSettings>()).watcher).toMatchObject({ esploraHost: new URL(server.url).host, confirmations: 2, largeAbove: '1', largeConfirmations: 6, tolerancePercent: '0.5' });
    expect(chainSaved.body).not.toContain('SECRET-KEY');
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action).sort()).toEqual(['payments.utxo_key', 'payments.utxo_watcher']);
    expect(JSON.stringify(audit)).not.toContain('SECRET-KEY');
  });

  it('gives each buyer their own address in order, and approves an exact payment once, at 2 confirmations', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const placed = await placeOrder(buyer.cookie, '100');
    expect(placed.address).toBe(deriveUtxoAddress(key, 0));
    expect(placed.payAmount).toBe('0.0001');
    expect(placed.paymentUri).toBe(`bitcoin:${placed.address}?amount=0.0001`);
    expect((await placeOrder(other.cookie, '100')).address).toBe(deriveUtxoAddress(key, 1));

    const { txid } = pay(placed.address, '0.0001');
    await tick();
    let seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment).toMatchObject({ required: 2, received: '0', transfers: [{ txHash: txid, amount: '0.0001', state: 'seen', confirmations: 0 }] });
    expect(seen.txHash).toBe(txid);

    server.mine();
    await tick();
    seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment?.transfers[0]).toMatchObject({ state: 'seen', confirmations: 1 });

    server.mine();
    await tick();
    seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('approved');
    expect(seen.payment).toMatchObject({ received: '0.0001', remaining: '0', transfers: [{ state: 'confirmed', confirmations: 2 }] });
    expect(seen.ledger.length).toBeGreaterThan(0);
    const credited = await credits(buyer.id);

    // More blocks and ticks credit nothing more.
    server.mine(3);
    await tick();
    await tick();
    expect(await credits(buyer.id)).toBe(credited);
    expect((await admin('GET', `/api/admin/orders?q=${placed.id}`)).json<{ orders: AdminOrder[] }>().orders[0]).toMatchObject({ decidedBy: 'Automatic' });

    // One address received something: the other buyer's is the gap.
    expect(bitcoinOf(await settings()).key).toMatchObject({ handedOut: 2, gap: 1 });
  });

  it('keeps within the request budget set beside the endpoint: refused at its field when too low, audited, and the card counts the addresses polled', async () => {
    await setUpAutomatic();
    expect(bitcoinOf(await settings()).watcher).toMatchObject({ requestsPerMinute: 60, awaitingAddresses: 0, unpolledAddresses: 0 });
    const tipHeight = bitcoinOf(await settings()).watcher?.tipHeight;
    expect(tipHeight).not.toBeNull();

    const low = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ requestsPerMinute: 5 }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ error: { fields: { requestsPerMinute: 'At least 10 requests a minute: the watcher asks for the tip 4 times a minute and must read new blocks.' } } });
    expect(bitcoinOf(await settings()).watcher?.requestsPerMinute).toBe(60);

    // The same endpoint with a new budget: not asked again, and the watcher carries on from where it was.
    server.resetCounts();
    const saved = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ requestsPerMinute: 12 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bitcoinOf(saved.json<PaymentSettings>()).watcher).toMatchObject({ requestsPerMinute: 12, tipHeight });
    expect(server.requests()).toBe(0);
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.utxo_watcher')).orderBy(desc(auditLog.id)).limit(1);
    expect(audited).toMatchObject({ before: { requestsPerMinute: 60 }, after: { requestsPerMinute: 12 } });

    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    const { txid } = pay(placed.address, '0.0001');
    await tick();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ txHash: txid, state: 'seen', confirmations: 0 }]);
    expect(bitcoinOf(await settings()).watcher).toMatchObject({ awaitingAddresses: 1, unpolledAddresses: 0 });

    // Ticks far faster than 12 requests a minute allow: once the minute is busy, ticks leave the chain
    // alone, and the endpoint never sees more than 12 requests within the minute this test takes.
    const calls: number[] = [];
    for (let i = 0; i < 12; i++) for (const report of await tick()) if ('chain' in report && report.chain === 'bitcoin') calls.push(report.calls ?? 0);
    expect(calls).toContain(0);
    expect(server.requests()).toBeLessThanOrEqual(12);
  });

  it('shows the remainder of a short payment as a BIP-21 QR, and approves once it is topped up', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    pay(placed.address, '0.00006');
    server.mine(2);
    await tick();
    let seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment).toMatchObject({ received: '0.00006', remaining: '0.00004', remainderUri: `bitcoin:${placed.address}?amount=0.00004` });

    pay(placed.address, '0.00004');
    server.mine(2);
    await tick();
    seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('approved');
    expect(seen.payment?.transfers).toHaveLength(2);
  });

  it('approves an overpaid order for what it asked, and shows the excess to the buyer and the operator', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    pay(placed.address, '0.0003');
    server.mine(2);
    await tick();
    const seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('approved');
    expect(seen.decisionNote).toBe('Paid with 0.0002 BTC more than asked.');
    expect(seen.payment?.excess).toEqual({ amount: '0.0002', state: 'open', note: null });
    const listed = (await admin('GET', `/api/admin/orders?q=${placed.id}`)).json<{ orders: AdminOrder[] }>().orders[0];
    expect(listed?.payment).toMatchObject({ verdict: 'overpaid', excess: '0.0002' });
  });

  it('pays two buyers from one batched exchange payout, each order once', async () => {
    await setUpAutomatic();
    const first = await registerBuyer(t.app);
    const second = await registerBuyer(t.app, { email: 'second@example.com' });
    const a = await placeOrder(first.cookie, '100');
    const b = await placeOrder(second.cookie, '200');
    const coin = wallet.fund(1_000_000n);
    const txid = wallet.send(coin, [
      { address: a.address, units: parseCoins(a.payAmount) },
      { address: b.address, units: parseCoins(b.payAmount) },
    ]);
    server.mine(2);
    await tick();
    expect((await view(first.cookie, a.id)).status).toBe('approved');
    expect((await view(second.cookie, b.id)).status).toBe('approved');
    const rows = await t.database.db.select().from(payments).where(eq(payments.txHash, txid));
    expect(rows.map((r) => [r.toAddress, r.value]).sort()).toEqual([
      [a.address, parseCoins(a.payAmount).toString()],
      [b.address, parseCoins(b.payAmount).toString()],
    ].sort());
  });

  it('never credits a replace-by-fee payment unconfirmed, and credits nothing once it is replaced', async () => {
    // Even an operator who asks for no confirmation at all does not get an RBF payment credited at 0.
    await setUpAutomatic({ confirmations: 0, largeAbove: null, largeConfirmations: 0 });
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    const { coin, txid } = pay(placed.address, '0.0001', { rbf: true });
    await tick();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ txHash: txid, state: 'seen', confirmations: 0 }]);

    // The payer replaces it with a transaction that pays themselves instead.
    server.replace(txid, wallet.pay(coin, [{ address: wallet.address, units: 50_000n }], { rbf: true, fee: 5_000n }).hex);
    server.mine();
    await tick();
    await tickAMinuteOn();
    const seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment).toMatchObject({ received: '0', transfers: [{ txHash: txid, state: 'reverted' }] });
    expect(await credits(buyer.id)).toBe(0);
  });

  it('credits nothing for a payment a reorganisation takes away before its confirmations', async () => {
    const { buyer, placed, txid } = await paidAndMinedOnce();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ state: 'seen', confirmations: 1 }]);

    server.reorg(1, { blocks: 3, drop: [txid] });
    await tick();
    await tickAMinuteOn();
    const seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment?.transfers).toMatchObject([{ txHash: txid, state: 'reverted' }]);
    expect(await credits(buyer.id)).toBe(0);
  });

  it('waits for 6 confirmations when the order is above the large amount, even paid in small parts', async () => {
    await setUpAutomatic({ largeAbove: '0.001' });
    const buyer = await registerBuyer(t.app);
    // 0.002 BTC, paid as two payments each below the large amount.
    const placed = await placeOrder(buyer.cookie, '2000');
    expect(placed.payAmount).toBe('0.002');
    pay(placed.address, '0.001');
    pay(placed.address, '0.001');
    server.mine(2);
    await tick();
    let seen = await view(buyer.cookie, placed.id);
    expect(seen.payment?.required).toBe(6);
    expect(seen.status).toBe('pending');
    server.mine(4);
    await tick();
    seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('approved');
  });

  it('hands a late payment to its expired order for the operator, and keeps a payment with no order unallocated', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.publicId, placed.id));
    await t.app.orders.expireOverdue();
    pay(placed.address, '0.0001');
    // Mined now, after the window (the test chain's own clock is years behind: an order paid by its
    // block's time inside the window is approved even though it expired first).
    server.mine(2, { time: Math.floor(Date.now() / 1000) });
    await tick();
    const late = await view(buyer.cookie, placed.id);
    expect(late.status).toBe('expired');
    expect(late.payment?.received).toBe('0.0001');
    expect(await credits(buyer.id)).toBe(0);

    // A second payment to the same address, with no order open: unallocated, listed for the operator.
    await t.database.db.update(orders).set({ status: 'rejected' }).where(eq(orders.publicId, placed.id));
    const { txid } = pay(placed.address, '0.0003');
    server.mine(2);
    await tick();
    await t.database.db.update(payments).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(payments.txHash, txid));
    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: { txHash: string; network: string; crypto: string | null; amount: string }[] }>().deposits;
    expect(listed).toEqual([expect.objectContaining({ txHash: txid, network: 'bitcoin', crypto: 'BTC', amount: '0.0003' })]);
  });

  /** The order's window, as stored (whole seconds, so a block time can fall exactly on it). */
  async function windowOf(publicId: string): Promise<Date> {
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + 120) * 1000);
    await t.database.db.update(orders).set({ expiresAt }).where(eq(orders.publicId, publicId));
    return expiresAt;
  }
  const seconds = (at: Date) => at.getTime() / 1000;

  it('leaves a payment in a block timed after the window to the operator, as late, though the expiry job has not run; one at the window is approved', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const late = await placeOrder(buyer.cookie, '100');
    const onTime = await placeOrder(other.cookie, '100');
    const lateWindow = await windowOf(late.id);
    const onTimeWindow = await windowOf(onTime.id);
    const { txid } = pay(late.address, '0.0001');
    server.mine(2, { time: seconds(lateWindow) + 1 });
    pay(onTime.address, '0.0001');
    // A block timed exactly at the window's close (block times need not grow), then one after it.
    server.mine(2, { time: seconds(onTimeWindow) });
    await tick();

    const [stored] = await t.database.db.select().from(payments).where(eq(payments.txHash, txid));
    expect(stored?.paidAt).toEqual(new Date(lateWindow.getTime() + 1000));
    expect(await view(buyer.cookie, late.id)).toMatchObject({ status: 'expired', txHash: txid, payment: { received: '0.0001' } });
    expect(await credits(buyer.id)).toBe(0);
    expect((await view(other.cookie, onTime.id)).status).toBe('approved');
    const listed = (await admin('GET', `/api/admin/orders?q=${late.id}`)).json<{ orders: AdminOrder[] }>().orders[0];
    expect(listed).toMatchObject({ status: 'expired', payment: { received: '0.0001', verdict: 'paid' } });

    // The operator's late-payment approval works on it, and credits once.
    const approved = await admin('POST', `/api/admin/orders/${String(listed?.orderId)}/approve`, { note: 'mined a second late' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await credits(buyer.id)).toBe(2);
  });

  it('leaves a payment first seen unconfirmed after the window to the operator, even once it is mined', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    const expiresAt = await windowOf(placed.id);
    const { txid } = pay(placed.address, '0.0001');
    // The watcher first sees it in the mempool a second after the window: that sighting is when it was paid.
    await t.app.paymentWatch.runOnce(new Date(expiresAt.getTime() + 1000));
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.txHash, txid));
    expect(stored).toMatchObject({ state: 'seen', paidAt: new Date(expiresAt.getTime() + 1000) });
    expect((await view(buyer.cookie, placed.id)).status).toBe('expired');

    // Mined (the test chain's blocks carry older times) and confirmed: still late, still the operator's.
    server.mine(2);
    await tick();
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'expired', payment: { received: '0.0001' } });
    expect(await credits(buyer.id)).toBe(0);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'))).toEqual([]);
  });

  it('records an endpoint fault on the chain, keeps nothing of that scan, and finds the payment once it answers', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    pay(placed.address, '0.0001');
    server.mine(2);
    server.inject('error', { times: 1, pathPrefix: '/blocks/tip' });
    const [failed] = await tick();
    expect(failed?.error).toBeTruthy();
    expect(bitcoinOf(await settings()).watcher?.lastError).toBeTruthy();
    expect(await t.database.db.select().from(payments)).toHaveLength(0);

    // The endpoint answers again; the watcher asks once its backoff has passed.
    await t.app.paymentWatch.runOnce(new Date(Date.now() + 10 * 60_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(bitcoinOf(await settings()).watcher?.lastError).toBeNull();
  });

  it('says when the endpoint’s tip has not moved for longer than Bitcoin’s blocks take, until it moves', async () => {
    await setUpAutomatic();
    expect(bitcoinOf(await settings()).watcher?.noBlockSince).toBeNull();
    const setTipChanged = (hoursAgo: number) => t.database.db.update(bitcoinChains).set({ tipChangedAt: new Date(Date.now() - hoursAgo * 3_600_000) }).where(eq(bitcoinChains.chain, 'bitcoin'));

    // An hour without a block happens on Bitcoin; two does not.
    await setTipChanged(1);
    expect(bitcoinOf(await settings()).watcher?.noBlockSince).toBeNull();
    await setTipChanged(3);
    const quiet = bitcoinOf(await settings()).watcher?.noBlockSince;
    expect(quiet).toBeTruthy();
    // Scans that find the same tip keep the instant it last changed.
    await tick();
    expect(bitcoinOf(await settings()).watcher?.noBlockSince).toBe(quiet);

    server.mine();
    await tick();
    expect(bitcoinOf(await settings()).watcher).toMatchObject({ noBlockSince: null, tipHeight: server.tip().height });
  });

  it('keeps a payment it follows when its endpoint comes to serve another chain, and says so on the chain', async () => {
    const { buyer, placed, txid } = await paidAndMinedOnce();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ txHash: txid, confirmations: 1, state: 'seen' }]);

    // The same URL now reaches another chain's node (a load balancer's mistake): no reorganisation is read
    // into it; each tick is a fault, shown on the chain, until the endpoint is right again.
    const other = await startEsploraServer({ height: 20, genesisHash: 'cd'.repeat(32) });
    try {
      await t.database.db.update(bitcoinChains).set({ esploraUrl: other.url }).where(eq(bitcoinChains.chain, 'bitcoin'));
      for (const minutes of [0, 10, 20]) await t.app.paymentWatch.runOnce(new Date(Date.now() + minutes * 60_000));
      expect(bitcoinOf(await settings()).watcher?.lastError).toBe('The endpoint now serves another chain: its first block is cdcdcdcdcdcd…, not 000000000019….');
      expect(await t.database.db.select({ state: payments.state }).from(payments)).toEqual([{ state: 'seen' }]);
    } finally {
      await other.close();
    }
    await t.database.db.update(bitcoinChains).set({ esploraUrl: server.url }).where(eq(bitcoinChains.chain, 'bitcoin'));
    server.mine();
    await t.app.paymentWatch.runOnce(new Date(Date.now() + 30 * 60_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(bitcoinOf(await settings()).watcher?.lastError).toBeNull();
  });

  it('reads on from where it stopped when the operator moves the watcher to another endpoint of the chain', async () => {
    const { buyer, placed, txid } = await paidAndMinedOnce();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers[0]).toMatchObject({ txHash: txid, state: 'seen', confirmations: 1 });
    // Another buyer pays while the first endpoint fails, before the operator moves to another.
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const unread = await placeOrder(other.cookie, '100');
    pay(unread.address, '0.0001');
    server.mine();
    // The same chain at another address (a new provider, or the operator's own electrs).
    const moved = await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', chainBody({ esploraUrl: server.url.replace('127.0.0.1', 'localhost') }));
    expect(moved.statusCode, moved.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      server.mine();
      await tickAMinuteOn();
    }
    // The payment it was following confirms, and the one mined meanwhile is found.
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect((await view(other.cookie, unread.id)).status).toBe('approved');
  });

  it('resumes from the stored cursor after a restart, and two instances ticking at once count a payment once', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const placed = await placeOrder(buyer.cookie, '100');
    const { txid } = pay(placed.address, '0.0001');
    await tick();
    // The process stops mid-way (its watcher's memory with it); two fresh instances share the database.
    const restarted = [await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' }), await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' })];
    try {
      await Promise.all(restarted.map((app) => app.ready()));
      server.mine(2);
      await Promise.all(restarted.map((app) => app.paymentWatch.runOnce()));
      await Promise.all(restarted.map((app) => app.paymentWatch.runOnce()));
      expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
      expect(await t.database.db.select().from(payments).where(eq(payments.txHash, txid))).toHaveLength(1);
      expect(await credits(buyer.id)).toBeGreaterThan(0);
      const credited = await credits(buyer.id);
      await Promise.all(restarted.map((app) => app.paymentWatch.runOnce()));
      expect(await credits(buyer.id)).toBe(credited);
    } finally {
      await Promise.all(restarted.map((app) => app.close()));
    }
  });

  it('refuses to replace or remove the key while an order awaits payment to one of its addresses', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    await placeOrder(buyer.cookie, '100');
    const other = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/0'/0'");
    const replaced = await admin('PUT', '/api/admin/payments/utxo/bitcoin/key', { xpub: other.publicExtendedKey });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json()).toMatchObject({ error: { fields: { xpub: expect.stringContaining('1 order is awaiting payment') as unknown } } });
    expect((await admin('DELETE', '/api/admin/payments/utxo/bitcoin/key')).statusCode).toBe(409);
  });
});

describe(`automatic Litecoin and Dogecoin payments (${databaseKind})`, () => {
  const t = useTestApp();
  let operator: string;
  let server: EsploraTestServer;

  const admin = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const view = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
  const settingsOf = async (chain: string) => (await admin('GET', '/api/admin/payments')).json<PaymentSettings>().utxoChains.find((c) => c.chain === chain);

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
  });

  afterEach(async () => {
    await server.close();
  });

  async function offer(chain: 'litecoin' | 'dogecoin', code: string, wallet: string, xpub: string) {
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '1000000', usdPrice: '10000', address: wallet, enabled: true }).where(eq(cryptos.code, code));
    const key = await admin('PUT', `/api/admin/payments/utxo/${chain}/key`, { xpub });
    expect(key.statusCode, key.body).toBe(200);
    const defaults = (await settingsOf(chain))?.defaults;
    const watcher = await admin('PUT', `/api/admin/payments/utxo/${chain}/watcher`, { esploraUrl: server.url, confirmations: defaults?.confirmations, largeAbove: null, largeConfirmations: defaults?.largeConfirmations, tolerancePercent: '0.5', autoApproveUsd: '100000' });
    expect(watcher.statusCode, watcher.body).toBe(200);
    await t.app.paymentWatch.runOnce();
  }

  it('pays a Litecoin order to the buyer’s ltc1 address, approved at Litecoin’s 6 confirmations', async () => {
    server = await startEsploraServer({ network: CHAINS.litecoin.network });
    // Litecoin wallets export a zpub with Bitcoin's version bytes, for m/84'/2'/0'.
    const account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/2'/0'");
    const parsed = parseUtxoAccountKey('litecoin', account.publicExtendedKey);
    if (!parsed.ok) throw new Error(parsed.message);
    // A Bitcoin zpub is refused for Dogecoin, which has no segwit.
    expect((await admin('PUT', '/api/admin/payments/utxo/dogecoin/key', { xpub: account.publicExtendedKey })).json()).toMatchObject({ error: { fields: { xpub: expect.any(String) as unknown } } });

    // A Bitcoin Esplora API given for Litecoin is refused at its field: its first block is Bitcoin's.
    const bitcoin = await startEsploraServer({ height: 1 });
    try {
      const wrongChain = await admin('PUT', '/api/admin/payments/utxo/litecoin/watcher', { esploraUrl: bitcoin.url, confirmations: 6, largeAbove: null, largeConfirmations: 6, tolerancePercent: '0.5', autoApproveUsd: '100000' });
      expect(wrongChain.json()).toMatchObject({ error: { fields: { esploraUrl: 'This endpoint serves Bitcoin, not Litecoin.' } } });
    } finally {
      await bitcoin.close();
    }

    const saleWallet = new TestWallet(server).address;
    await offer('litecoin', 'LTC', saleWallet, account.publicExtendedKey);
    expect(await settingsOf('litecoin')).toMatchObject({ name: 'Litecoin', symbol: 'LTC', currencies: ['LTC'], defaults: { confirmations: 6 }, watcher: { confirmations: 6 } });

    const buyer = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'LTC', tokens: '100' } });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    expect(placed.address).toBe(deriveUtxoAddress(parsed.key, 0));
    expect(placed.address).toMatch(/^ltc1q/);
    expect(placed.paymentUri).toBe(`litecoin:${placed.address}?amount=0.0001`);

    const payer = new TestWallet(server);
    const txid = payer.send(payer.fund(1_000_000n), [{ address: placed.address, units: parseCoins(placed.payAmount) }]);
    server.mine(5);
    await t.app.paymentWatch.runOnce();
    let seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment).toMatchObject({ required: 6, transfers: [{ txHash: txid, confirmations: 5, state: 'seen' }] });
    expect(seen.payment?.transfers[0]?.explorerUrl).toBe(`https://litecoinspace.org/tx/${txid}`);
    server.mine();
    await t.app.paymentWatch.runOnce();
    seen = await view(buyer.cookie, placed.id);
    expect(seen.status).toBe('approved');
    // Bitcoin's watcher is not set: Litecoin's payments are its own.
    expect((await settingsOf('bitcoin'))?.watcher).toBeNull();
  });

  it('hands a Dogecoin buyer a legacy D… address from the account xpub', async () => {
    server = await startEsploraServer({ network: CHAINS.dogecoin.network });
    const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/3'/0'");
    const parsed = parseUtxoAccountKey('dogecoin', account.publicExtendedKey);
    if (!parsed.ok) throw new Error(parsed.message);
    await offer('dogecoin', 'DOGE', deriveUtxoAddress(parsed.key, 99), account.publicExtendedKey);
    expect(await settingsOf('dogecoin')).toMatchObject({ scriptTypes: ['p2pkh'], defaults: { confirmations: 10 }, key: { scriptType: 'p2pkh' } });
    const buyer = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'DOGE', tokens: '100' } });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    expect(placed.address).toBe(deriveUtxoAddress(parsed.key, 0));
    expect(placed.address).toMatch(/^D/);
    expect(placed.paymentUri).toBe(`dogecoin:${placed.address}?amount=0.0001`);
  });
});
