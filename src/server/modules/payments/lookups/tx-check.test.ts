// Pasted transaction hashes (issue 13): one hash pays one order, and the operator sees what the chain
// says about it — on a real EVM chain (anvil) and on an Esplora API serving real signed Bitcoin
// transactions.
import { eq } from 'drizzle-orm';
import { base58 } from '@scure/base';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Order, TxCheck } from '@/contracts/orders';
import type { PaymentSettings } from '@/contracts/payments';
import { tronAddressFromHex } from '@/domain/addresses';
import { CHAINS } from '@/domain/utxo/chains';
import { auditLog, cryptos, orders } from '../../../db/schema';
import { chainClients, deployTestToken, startAnvil, type LocalChain } from '../../../test/anvil';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../../../test/esplora-server';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../../test/harness';
import { HASH_ON_ANOTHER_ORDER } from '../../orders/order-tx-hash.service';
import { startSolanaRpc, startTronApi } from '../../../test/tron-solana-apis';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ELSEWHERE = '0x000000000000000000000000000000000000dEaD';
/** USDT's TRC-20 contract. */
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

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
    await t.database.db.update(cryptos).set({ chainId: chain.chainId, rateSource: 'manual', rate: '300000', usdPrice: '3000', address: WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
    await t.database.db.update(cryptos).set({ chainId: chain.chainId, tokenContract: token.address, decimals: 6, rateSource: 'manual', rate: '100', usdPrice: '1', address: WALLET, enabled: true }).where(eq(cryptos.code, 'USDT'));
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
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '6500000', usdPrice: '65000', address: shop.address, enabled: true }).where(eq(cryptos.code, 'BTC'));
    const order = await buy(t, 'BTC', '65000');
    expect(order.order.payAmount).toBe('0.01');
    expect(await check(order.orderId)).toMatchObject({ state: 'no_hash' });

    // Without an endpoint the operator is told where to set one.
    const coin = payer.fund(5_000_000n);
    const txid = payer.send(coin, [{ address: shop.address, units: 1_000_000n }]);
    await attach(order.cookie, order.order.id, txid);
    expect(await check(order.orderId)).toMatchObject({ state: 'no_lookup', message: 'Set an endpoint for Bitcoin on the Payments page to look it up here; meanwhile, check it on the explorer.' });

    expect((await admin('PUT', '/api/admin/payments/lookups/bitcoin', { url: esplora.url })).json<PaymentSettings>().lookups).toEqual([{ network: 'bitcoin', host: new URL(esplora.url).host }]);
    expect(await check(order.orderId)).toMatchObject({ state: 'found', message: expect.stringContaining('not yet in a block') as unknown, found: { amountToAddress: '0.01', confirmations: 0 }, contradictions: [] });
    esplora.mine(2);
    expect(await check(order.orderId)).toMatchObject({ state: 'found', found: { confirmations: 2 }, contradictions: [] });

    esplora.inject('error', { times: 1, pathPrefix: '/tx/' });
    expect(await check(order.orderId)).toMatchObject({ state: 'error', found: null });
  });

  it('sets a lookup endpoint only once it answers as one, shows only its host, and audits the change', async () => {
    operator = await signInOperator(t.app, t.database);
    const bad = await admin('PUT', '/api/admin/payments/lookups/bitcoin', { url: 'ftp://example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { url: 'Enter the endpoint as an http(s) URL, such as https://mempool.space/api.' } } });
    const silent = await admin('PUT', '/api/admin/payments/lookups/bitcoin', { url: 'http://127.0.0.1:9/api' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json<{ error: { fields: { url: string } } }>().error.fields.url).toMatch(/^The endpoint did not answer as an Esplora API/);
    // An Esplora API is not a TRON node.
    const wrong = await admin('PUT', '/api/admin/payments/lookups/tron', { url: esplora.url });
    expect(wrong.json<{ error: { fields: { url: string } } }>().error.fields.url).toMatch(/^The endpoint did not answer as a TronGrid-compatible API/);
    // A Litecoin Esplora API answers, but for another chain: its first block says so.
    const litecoin = await startEsploraServer({ height: 1, network: CHAINS.litecoin.network });
    try {
      const other = await admin('PUT', '/api/admin/payments/lookups/bitcoin', { url: litecoin.url });
      expect(other.json()).toMatchObject({ error: { fields: { url: 'This endpoint serves Litecoin, not Bitcoin.' } } });
    } finally {
      await litecoin.close();
    }
    expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().lookups).toEqual([]);

    const keyed = `${esplora.url}?key=secret-api-key`;
    const saved = await admin('PUT', '/api/admin/payments/lookups/bitcoin', { url: keyed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('secret-api-key');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.lookup'));
    expect(entry).toMatchObject({ entity: 'lookup:bitcoin' });
    expect(JSON.stringify(entry)).not.toContain('secret-api-key');
    expect((await admin('DELETE', '/api/admin/payments/lookups/bitcoin')).json<PaymentSettings>().lookups).toEqual([]);
    expect((await admin('DELETE', '/api/admin/payments/lookups/bitcoin')).statusCode).toBe(404);
    expect((await admin('PUT', '/api/admin/payments/lookups/litecoin', { url: esplora.url })).statusCode).toBe(400);
  });

  it('reads TRX and TRC-20 transfers from a TronGrid-compatible API', async () => {
    operator = await signInOperator(t.app, t.database);
    const tron = await startTronApi(1_000);
    try {
      const shop = tronAddressFromHex('41' + 'a1'.repeat(20));
      const payer = tronAddressFromHex('41' + 'b2'.repeat(20));
      await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: shop, enabled: true }).where(eq(cryptos.code, 'TRX'));
      await t.database.db.insert(cryptos).values({ code: 'USDTTRON', name: 'Tether USD (TRON)', network: 'tron', tokenContract: USDT_TRON, decimals: 6, rateSource: 'manual', rate: '100', usdPrice: '1', address: shop, enabled: true });
      const trx = await buy(t, 'TRX', '1000');
      expect(trx.order.payAmount).toBe('10');
      await attach(trx.cookie, trx.order.id, 'a1'.repeat(32));
      expect(await check(trx.orderId)).toMatchObject({ state: 'no_lookup', message: 'Set an endpoint for TRON on the Payments page to look it up here; meanwhile, check it on the explorer.' });
      expect((await admin('PUT', '/api/admin/payments/lookups/tron', { url: tron.url })).statusCode).toBe(200);

      expect(await check(trx.orderId)).toMatchObject({ state: 'not_found', contradictions: ['The chain does not know this transaction.'] });
      tron.add({ txid: 'a1'.repeat(32), block: 990, trx: { from: payer, to: shop, sun: 10_000_000n } });
      expect(await check(trx.orderId)).toMatchObject({ state: 'found', source: `TronGrid API at ${new URL(tron.url).host}`, found: { amountToAddress: '10', confirmations: 11 }, contradictions: [] });

      const reverted = await buy(t, 'TRX', '1000');
      tron.add({ txid: 'b2'.repeat(32), block: 995, result: 'REVERT', trx: { from: payer, to: shop, sun: 10_000_000n } });
      await attach(reverted.cookie, reverted.order.id, 'b2'.repeat(32));
      expect((await check(reverted.orderId)).contradictions).toEqual(['The transaction failed on the chain: it moved nothing.']);

      const usdt = await buy(t, 'USDTTRON', '1000');
      tron.add({ txid: 'c3'.repeat(32), trc20: { from: payer, contract: USDT_TRON, toHex: 'a1'.repeat(20), units: 4_000_000n } });
      await attach(usdt.cookie, usdt.order.id, 'c3'.repeat(32));
      expect(await check(usdt.orderId)).toMatchObject({
        state: 'found',
        message: "Found: it pays 4 USDTTRON to the order's address, not yet in a block.",
        contradictions: ["It pays 4 USDTTRON to the order's address; the order asks 10."],
      });

      tron.failNext();
      expect(await check(usdt.orderId)).toMatchObject({ state: 'error', message: 'The endpoint could not be asked: The endpoint answered with HTTP 500.' });
    } finally {
      await tron.close();
    }
  });

  it('reads SOL and SPL token transfers from a Solana JSON-RPC endpoint', async () => {
    operator = await signInOperator(t.app, t.database);
    const solana = await startSolanaRpc(5_000);
    try {
      const shop = base58.encode(new Uint8Array(32).fill(7));
      const payer = base58.encode(new Uint8Array(32).fill(9));
      const mint = base58.encode(new Uint8Array(32).fill(3));
      await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: shop, enabled: true }).where(eq(cryptos.code, 'SOL'));
      await t.database.db.insert(cryptos).values({ code: 'USDCSOL', name: 'USD Coin (Solana)', network: 'solana', tokenContract: mint, decimals: 6, rateSource: 'manual', rate: '100', usdPrice: '1', address: shop, enabled: true });
      expect((await admin('PUT', '/api/admin/payments/lookups/solana', { url: solana.url })).statusCode).toBe(200);

      const sol = await buy(t, 'SOL', '1000');
      const signature = base58.encode(new Uint8Array(64).fill(1));
      solana.add({ signature, slot: 4_990, sol: { from: payer, to: shop, lamports: 10_000_000_000n } });
      await attach(sol.cookie, sol.order.id, signature);
      expect(await check(sol.orderId)).toMatchObject({ state: 'found', source: `Solana RPC at ${new URL(solana.url).host}`, found: { amountToAddress: '10', confirmations: 11 }, contradictions: [] });

      const elsewhere = await buy(t, 'SOL', '1000');
      const other = base58.encode(new Uint8Array(64).fill(2));
      solana.add({ signature: other, slot: 4_999, sol: { from: payer, to: payer.replace(/.$/, 'X'), lamports: 10_000_000_000n } });
      await attach(elsewhere.cookie, elsewhere.order.id, other);
      expect((await check(elsewhere.orderId)).contradictions).toEqual([`It pays nothing to this order's address (${shop}).`]);

      const usdc = await buy(t, 'USDCSOL', '1000');
      const tokenSig = base58.encode(new Uint8Array(64).fill(4));
      solana.add({ signature: tokenSig, slot: 5_000, spl: { mint, fromOwner: payer, toOwner: shop, units: 10_000_000n, decimals: 6 } });
      await attach(usdc.cookie, usdc.order.id, tokenSig);
      expect(await check(usdc.orderId)).toMatchObject({ state: 'found', found: { amountToAddress: '10', confirmations: 1 }, contradictions: [] });
    } finally {
      await solana.close();
    }
  });

  it('says when a currency cannot be looked up', async () => {
    operator = await signInOperator(t.app, t.database);
    // A currency of the 'other' network: no lookup exists for it.
    await t.database.db.update(cryptos).set({ network: 'other', rateSource: 'manual', rate: '100', usdPrice: '1', address: 'LTC-EXAMPLE-ADDRESS', enabled: true }).where(eq(cryptos.code, 'LTC'));
    const order = await buy(t, 'LTC', '1000');
    await attach(order.cookie, order.order.id, 'ab'.repeat(32));
    expect(await check(order.orderId)).toMatchObject({ state: 'no_lookup', message: 'Presale cannot look up transactions of this currency: check it on its explorer.' });
  });
});
