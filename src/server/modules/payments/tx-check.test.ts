// Pasted transaction hashes (issue 13): one hash pays one order, and the operator sees what the chain
// says about it — on a real EVM chain (anvil) and on an Esplora API serving real signed Bitcoin
// transactions.
import { eq } from 'drizzle-orm';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Order, TxCheck } from '@/contracts/orders';
import type { PaymentSettings } from '@/contracts/payments';
import { auditLog, cryptos, orders } from '../../db/schema';
import { chainClients, deployTestToken, startAnvil, type LocalChain } from '../../test/anvil';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../../test/esplora-server';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { HASH_ON_ANOTHER_ORDER } from '../orders/order-tx-hash.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ELSEWHERE = '0x000000000000000000000000000000000000dEaD';

let chain: LocalChain;
let clients: ReturnType<typeof chainClients>;
let token: Awaited<ReturnType<typeof deployTestToken>>;
let esplora: EsploraTestServer;

beforeAll(async () => {
  chain = await startAnvil();
  clients = chainClients(chain);
  token = await deployTestToken(chain, parseUnits('1000000', 6));
  esplora = await startEsploraServer({ height: 100 });
});

afterAll(async () => {
  await chain.stop();
  await esplora.close();
});

describe(`transaction hashes the operator checks (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  let operator: string;

  const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload ? { payload } : {}) });

  async function buy(t: TestContext, crypto: string, tokens: string) {
    const buyer = await registerBuyer(t.app, { email: `buyer-${Math.random().toString(36).slice(2)}@example.com` });
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto, tokens } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const list = (await admin('GET', `/api/admin/orders?q=${order.id}`)).json<{ orders: AdminOrder[] }>();
    return { cookie: buyer.cookie, order, orderId: list.orders[0]?.orderId ?? 0 };
  }

  const attach = (cookie: string, id: string, txHash: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/tx-hash`, cookies: { [BUYER]: cookie }, payload: { txHash } });
  const check = async (orderId: number) => {
    const res = await admin('GET', `/api/admin/orders/${orderId}/tx-check`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TxCheck>();
  };

  async function offerOnAnvil() {
    await t.database.db.update(cryptos).set({ chainId: chain.chainId, rateSource: 'manual', rate: '300000', address: WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
    await t.database.db.update(cryptos).set({ chainId: chain.chainId, tokenContract: token.address, decimals: 6, rateSource: 'manual', rate: '100', address: WALLET, enabled: true }).where(eq(cryptos.code, 'USDT'));
    const res = await admin('PUT', `/api/admin/payments/chains/${chain.chainId}`, { rpcUrl: chain.url, confirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function payEther(to: string, ether: string) {
    const hash = await clients.wallet(1).sendTransaction({ to: to as Address, value: parseEther(ether) });
    await clients.public.waitForTransactionReceipt({ hash });
    return hash;
  }

  it('attaches one transaction to one order only, whatever its case and however fast two buyers are', async () => {
    operator = await signInOperator(t.app, t.database);
    await offerOnAnvil();
    const first = await buy(t, 'ETH', '1000');
    const second = await buy(t, 'ETH', '1000');
    const hash = `0x${'ab'.repeat(32)}`;
    expect((await attach(first.cookie, first.order.id, hash)).statusCode).toBe(200);
    const again = await attach(second.cookie, second.order.id, hash.toUpperCase().replace('0X', '0x'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', fields: { txHash: HASH_ON_ANOTHER_ORDER } } });
    // The same order may keep or restate its own hash.
    expect((await attach(first.cookie, first.order.id, hash)).statusCode).toBe(200);

    const third = await buy(t, 'ETH', '1000');
    const fourth = await buy(t, 'ETH', '1000');
    const raced = `0x${'cd'.repeat(32)}`;
    const results = await Promise.all([attach(third.cookie, third.order.id, raced), attach(fourth.cookie, fourth.order.id, raced)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('reads an EVM payment from the chain: paid in full, short, elsewhere, failed to find, or on two orders', async () => {
    operator = await signInOperator(t.app, t.database);
    await offerOnAnvil();

    const exact = await buy(t, 'ETH', '1000');
    expect(await check(exact.orderId)).toMatchObject({ state: 'no_hash', contradictions: [] });
    const paid = await payEther(WALLET, exact.order.payAmount);
    await clients.test.mine({ blocks: 2 });
    await attach(exact.cookie, exact.order.id, paid);
    expect(await check(exact.orderId)).toMatchObject({
      state: 'found',
      source: `RPC at ${new URL(chain.url).host}`,
      found: { amountToAddress: exact.order.payAmount, confirmations: 3, failed: false, recipients: [] },
      contradictions: [],
    });

    const short = await buy(t, 'ETH', '1000');
    await attach(short.cookie, short.order.id, await payEther(WALLET, '0.001'));
    const shortCheck = await check(short.orderId);
    expect(shortCheck.found?.amountToAddress).toBe('0.001');
    expect(shortCheck.contradictions).toEqual([`It pays 0.001 ETH to the order's address; the order asks ${short.order.payAmount}.`]);

    const elsewhere = await buy(t, 'ETH', '1000');
    await attach(elsewhere.cookie, elsewhere.order.id, await payEther(ELSEWHERE, elsewhere.order.payAmount));
    const elsewhereCheck = await check(elsewhere.orderId);
    expect(elsewhereCheck.found).toMatchObject({ amountToAddress: '0', recipients: [ELSEWHERE] });
    expect(elsewhereCheck.contradictions).toEqual([`It pays nothing to this order's address (${WALLET}).`]);

    const unknown = await buy(t, 'ETH', '1000');
    await attach(unknown.cookie, unknown.order.id, `0x${'12'.repeat(32)}`);
    expect(await check(unknown.orderId)).toMatchObject({ state: 'not_found', contradictions: ['The chain does not know this transaction.'] });

    // A hash the watcher or an operator put on an order is still checked against the others.
    await t.database.db.update(orders).set({ txHash: paid }).where(eq(orders.id, short.orderId));
    const twice = await check(exact.orderId);
    expect(twice.alsoOn).toBe(short.order.id);
    expect(twice.contradictions).toEqual([`The same transaction is attached to order ${short.order.id}.`]);
  });

  it('reads a token transfer from its Transfer log', async () => {
    operator = await signInOperator(t.app, t.database);
    await offerOnAnvil();
    const order = await buy(t, 'USDT', '1000');
    const hash = await clients.wallet(0).writeContract({ address: token.address, abi: token.abi, functionName: 'transfer', args: [WALLET as Address, parseUnits(order.order.payAmount, 6)] });
    await clients.public.waitForTransactionReceipt({ hash });
    await attach(order.cookie, order.order.id, hash);
    expect(await check(order.orderId)).toMatchObject({ state: 'found', found: { amountToAddress: order.order.payAmount, confirmations: 1 }, contradictions: [] });
  });

  it('reads a Bitcoin payment from an Esplora API, before and after it is mined', async () => {
    operator = await signInOperator(t.app, t.database);
    const shop = new TestWallet(esplora);
    const payer = new TestWallet(esplora);
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '6500000', address: shop.address, enabled: true }).where(eq(cryptos.code, 'BTC'));
    const order = await buy(t, 'BTC', '65000');
    expect(order.order.payAmount).toBe('0.01');
    expect(await check(order.orderId)).toMatchObject({ state: 'no_hash' });

    // Without an endpoint the operator is told where to set one.
    const coin = payer.fund(5_000_000n);
    const txid = payer.send(coin, [{ address: shop.address, units: 1_000_000n }]);
    await attach(order.cookie, order.order.id, txid);
    expect(await check(order.orderId)).toMatchObject({ state: 'no_lookup', message: expect.stringContaining('Payments page') as unknown });

    expect((await admin('PUT', '/api/admin/payments/esplora/bitcoin', { esploraUrl: esplora.url })).json<PaymentSettings>().esplora).toEqual([{ chain: 'bitcoin', host: new URL(esplora.url).host }]);
    expect(await check(order.orderId)).toMatchObject({ state: 'found', message: expect.stringContaining('not yet in a block') as unknown, found: { amountToAddress: '0.01', confirmations: 0 }, contradictions: [] });
    esplora.mine(2);
    expect(await check(order.orderId)).toMatchObject({ state: 'found', found: { confirmations: 2 }, contradictions: [] });

    esplora.inject('error', { times: 1, pathPrefix: '/tx/' });
    expect(await check(order.orderId)).toMatchObject({ state: 'error', found: null });
  });

  it('sets the Esplora endpoint only once it answers, shows only its host, and audits the change', async () => {
    operator = await signInOperator(t.app, t.database);
    const bad = await admin('PUT', '/api/admin/payments/esplora/bitcoin', { esploraUrl: 'ftp://example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { esploraUrl: 'Enter the endpoint as an http(s) URL, such as https://mempool.space/api.' } } });
    const silent = await admin('PUT', '/api/admin/payments/esplora/bitcoin', { esploraUrl: 'http://127.0.0.1:9/api' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json<{ error: { fields: { esploraUrl: string } } }>().error.fields.esploraUrl).toMatch(/^The endpoint did not answer as an Esplora API/);
    expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().esplora).toEqual([]);

    const keyed = `${esplora.url}?key=secret-api-key`;
    const saved = await admin('PUT', '/api/admin/payments/esplora/bitcoin', { esploraUrl: keyed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('secret-api-key');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.esplora'));
    expect(JSON.stringify(entry)).not.toContain('secret-api-key');
    expect((await admin('DELETE', '/api/admin/payments/esplora/bitcoin')).json<PaymentSettings>().esplora).toEqual([]);
    expect((await admin('DELETE', '/api/admin/payments/esplora/bitcoin')).statusCode).toBe(404);
    expect((await admin('PUT', '/api/admin/payments/esplora/litecoin', { esploraUrl: esplora.url })).statusCode).toBe(400);
  });

  it('says when a network has no lookup yet', async () => {
    operator = await signInOperator(t.app, t.database);
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', enabled: true }).where(eq(cryptos.code, 'TRX'));
    const order = await buy(t, 'TRX', '1000');
    await attach(order.cookie, order.order.id, 'ab'.repeat(32));
    expect(await check(order.orderId)).toMatchObject({ state: 'no_lookup', message: 'Presale cannot look up TRON transactions yet: check it on the explorer.' });
  });
});
