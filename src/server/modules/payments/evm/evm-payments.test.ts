// Automatic EVM payments end to end on a real chain: the operator's xpub and endpoint, a buyer's deposit
// address, a payment sent on anvil, the watcher's ticks, and the order approved exactly once.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { and, eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { PaymentSettings, UnallocatedDeposit } from '@/contracts/payments';
import { dec } from '@/domain/decimal';
import { ACCOUNT_KEY_MESSAGES, deriveEvmAddress, parseEvmAccountKey, type EvmAccountKey } from '@/domain/account-key';
import { auditLog, cryptos, evmChains, ledgerEntries, orders, payments, saleSettings } from '../../../db/schema';
import { AUTOMATIC } from '../../../actor';
import { buildApp } from '../../../app';
import { chainClients, deployTestToken, startAnvil, type LocalChain } from '../../../test/anvil';
import { startRpcProxy } from '../../../test/rpc-proxy';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../../test/harness';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const OPERATOR_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

let chain: LocalChain;
let clients: ReturnType<typeof chainClients>;
let token: { address: Address; abi: Awaited<ReturnType<typeof deployTestToken>>['abi'] };
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(OPERATOR_MNEMONIC)).derive("m/44'/60'/0'");
const key: EvmAccountKey = (() => {
  const parsed = parseEvmAccountKey(account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.key;
})();

beforeAll(async () => {
  chain = await startAnvil();
  clients = chainClients(chain);
  token = await deployTestToken(chain, parseUnits('10000000', 6));
});

afterAll(async () => {
  await chain.stop();
});

describe(`automatic EVM payments (${databaseKind})`, () => {
  const t = useTestApp();
  let operator: string;

  const admin = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** ETH and a 6-decimal token on the local chain, at fixed rates: 300,000 tokens per ETH, 100 per TUSD. */
  async function offerOnLocalChain() {
    await t.database.db.update(cryptos).set({ chainId: chain.chainId, rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(eq(cryptos.code, 'ETH'));
    await t.database.db
      .update(cryptos)
      .set({ chainId: chain.chainId, tokenContract: token.address, decimals: 6, rateSource: 'manual', rate: '100', usdPrice: '1', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true })
      .where(eq(cryptos.code, 'USDT'));
  }

  async function setUpAutomatic(confirmations: number | null = 2) {
    await offerOnLocalChain();
    expect((await admin('PUT', '/api/admin/payments/evm-key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
    const res = await admin('PUT', `/api/admin/payments/chains/${chain.chainId}`, { rpcUrl: chain.url, confirmations, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(res.statusCode).toBe(200);
  }

  async function order(cookie: string, crypto: string, tokens: string) {
    return t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto, tokens } });
  }

  const view = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
  const tick = () => t.app.paymentWatch.runOnce();
  const credits = async (userId: number) => (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;

  async function payEther(to: string, ether: string) {
    const hash = await clients.wallet(1).sendTransaction({ to: to as Address, value: parseEther(ether) });
    return clients.public.waitForTransactionReceipt({ hash });
  }

  async function payToken(to: string, amount: string) {
    const hash = await clients.wallet(0).writeContract({ address: token.address, abi: token.abi, functionName: 'transfer', args: [to as Address, parseUnits(amount, 6)] });
    return clients.public.waitForTransactionReceipt({ hash });
  }

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
  });

  it('takes a watch-only key, shows its first addresses, refuses secrets, and shows only the endpoint host', async () => {
    const phrase = await admin('PUT', '/api/admin/payments/evm-key', { xpub: OPERATOR_MNEMONIC });
    expect(phrase.statusCode).toBe(400);
    expect(phrase.json()).toMatchObject({ error: { fields: { xpub: ACCOUNT_KEY_MESSAGES.recoveryPhrase } } });
    const xprv = await admin('PUT', '/api/admin/payments/evm-key', { xpub: account.privateExtendedKey });
    expect(xprv.json()).toMatchObject({ error: { fields: { xpub: ACCOUNT_KEY_MESSAGES.extendedPrivateKey } } });
    expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().evmKey).toBeNull();

    const saved = await admin('PUT', '/api/admin/payments/evm-key', { xpub: account.publicExtendedKey });
    expect(saved.json<PaymentSettings>().evmKey).toEqual({ xpub: account.publicExtendedKey, fingerprint: account.fingerprint.toString(16).padStart(8, '0'), firstAddresses: [0, 1, 2].map((i) => deriveEvmAddress(key, i)), handedOut: 0 });

    const wrongChain = await admin('PUT', '/api/admin/payments/chains/1', { rpcUrl: chain.url, confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(wrongChain.json()).toMatchObject({ error: { fields: { rpcUrl: `This endpoint serves chain ${chain.chainId}, not chain 1.` } } });
    const unreachable = await admin('PUT', '/api/admin/payments/chains/1', { rpcUrl: 'http://127.0.0.1:9/v2/SECRET-KEY', confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(unreachable.json()).toMatchObject({ error: { fields: { rpcUrl: expect.stringContaining('The endpoint did not answer') as unknown } } });
    expect(unreachable.body).not.toContain('SECRET-KEY');

    const withKey = `${chain.url}/?apikey=SECRET-KEY`;
    const chainSaved = await admin('PUT', `/api/admin/payments/chains/${chain.chainId}`, { rpcUrl: withKey, confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(chainSaved.statusCode).toBe(200);
    const settings = chainSaved.json<PaymentSettings>();
    expect(settings.chains).toEqual([expect.objectContaining({ chainId: chain.chainId, rpcHost: new URL(chain.url).host, confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' })]);
    expect(chainSaved.body).not.toContain('SECRET-KEY');
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action).sort()).toEqual(['payments.chain', 'payments.evm_key']);
    expect(JSON.stringify(audit)).not.toContain('SECRET-KEY');
    expect(JSON.stringify(audit)).not.toContain(account.publicExtendedKey);

    const badUrl = await admin('PUT', '/api/admin/payments/chains/1', { rpcUrl: 'ftp://eth.example.com', confirmations: 12, tolerancePercent: '0.5', autoApproveUsd: '10000' });
    expect(badUrl.json()).toMatchObject({ error: { fields: { rpcUrl: expect.stringContaining('http(s) URL') as unknown } } });
  });

  it('gives a buyer their own deposit address and approves an exact ether payment once, when it is confirmed', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const other = await registerBuyer(t.app, { email: 'other@example.com' });
    const res = await order(buyer.cookie, 'ETH', '300');
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect(placed.address).toBe(deriveEvmAddress(key, 0));
    expect(placed.paymentUri).toBe(`ethereum:${placed.address}@${chain.chainId}?value=${parseEther(placed.payAmount)}`);
    // The next buyer gets the next address; the same buyer keeps theirs.
    expect((await order(other.cookie, 'ETH', '300')).json<Order>().address).toBe(deriveEvmAddress(key, 1));

    const receipt = await payEther(placed.address, placed.payAmount);
    await tick();
    // In a block, not yet 2 deep: the order names the payment and waits.
    expect(placed.payment).toEqual({ received: '0', remaining: placed.payAmount, remainderUri: null, required: null, transfers: [], excess: null });
    const seen = await view(buyer.cookie, placed.id);
    expect(seen).toMatchObject({ status: 'pending', txHash: receipt.transactionHash });
    expect(seen.payment).toEqual({
      received: '0',
      remaining: placed.payAmount,
      remainderUri: null,
      required: 2,
      transfers: [{ txHash: receipt.transactionHash, explorerUrl: null, amount: placed.payAmount, state: 'seen', confirmations: 1 }],
      excess: null,
    });
    expect(await credits(buyer.id)).toBe(0);

    await clients.test.mine({ blocks: 1 });
    await tick();
    const approved = await view(buyer.cookie, placed.id);
    expect(approved.status).toBe('approved');
    expect(approved.payment).toMatchObject({ received: placed.payAmount, remaining: '0', transfers: [{ state: 'confirmed', confirmations: 2 }] });
    expect(await credits(buyer.id)).toBe(2); // tokens and bonus
    await clients.test.mine({ blocks: 3 });
    await tick();
    await tick();
    expect(await credits(buyer.id)).toBe(2);
    const [approval] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(approval).toMatchObject({ operatorLogin: 'Automatic', operatorId: null });
    expect((await view(other.cookie, (await order(other.cookie, 'USDT', '100')).json<Order>().id)).address).toBe(deriveEvmAddress(key, 1));
  });

  it('waits for the rest of an underpaid token payment, then approves', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '1000')).json<Order>();
    expect(placed.payAmount).toBe('10');
    await payToken(placed.address, '6');
    await tick();
    const partly = await view(buyer.cookie, placed.id);
    expect(partly.status).toBe('pending');
    expect(partly.payment).toMatchObject({ received: '6', remaining: '4', required: 1 });
    expect(partly.payment?.remainderUri).toBe(`ethereum:${token.address}@${chain.chainId}/transfer?address=${placed.address}&uint256=4000000`);
    await payToken(placed.address, '4');
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    const held = await t.database.db.select().from(payments).where(eq(payments.toAddress, placed.address.toLowerCase()));
    expect(held.map((p) => [p.value, p.state])).toEqual([
      ['6000000', 'confirmed'],
      ['4000000', 'confirmed'],
    ]);
  });

  it('keeps one open order per currency on a deposit address, so a payment always names its order', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    const first = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const second = await order(buyer.cookie, 'ETH', '600');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { message: expect.stringContaining(`#${first.id}`) as unknown, fields: { crypto: expect.stringContaining('awaiting payment') as unknown } } });
    // Another currency on the same address is its own order.
    expect((await order(buyer.cookie, 'USDT', '100')).statusCode).toBe(201);
  });

  it('refuses to replace the key while orders are open on its addresses', async () => {
    await setUpAutomatic();
    const buyer = await registerBuyer(t.app);
    await order(buyer.cookie, 'ETH', '300');
    const other = HDKey.fromMasterSeed(mnemonicToSeedSync(OPERATOR_MNEMONIC)).derive("m/44'/60'/1'");
    const res = await admin('PUT', '/api/admin/payments/evm-key', { xpub: other.publicExtendedKey });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { fields: { xpub: expect.stringContaining('1 order is awaiting payment') as unknown } } });
    expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().evmKey?.xpub).toBe(account.publicExtendedKey);
  });

  it('goes on after the addresses it handed out when a removed key is saved again', async () => {
    await setUpAutomatic();
    const first = await registerBuyer(t.app);
    const placed = (await order(first.cookie, 'ETH', '300')).json<Order>();
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, placed.id));
    expect((await admin('POST', `/api/admin/orders/${String(row?.id)}/reject`, { note: 'test' })).statusCode).toBe(200);
    expect((await admin('DELETE', '/api/admin/payments/evm-key')).statusCode).toBe(200);
    expect((await admin('PUT', '/api/admin/payments/evm-key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
    const second = await registerBuyer(t.app, { email: 'second@example.com' });
    const again = await order(second.cookie, 'ETH', '300');
    expect(again.statusCode, again.body).toBe(201);
    // The next index of the same key: the first buyer's address stays theirs alone.
    expect(again.json<Order>().address).toBe(deriveEvmAddress(key, 1));
    expect(again.json<Order>().address).not.toBe(placed.address);
  });

  it('credits once when the watcher and an operator approve at the same moment', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    await payEther(placed.address, placed.payAmount);
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, placed.id));
    const [, byOperator] = await Promise.all([tick(), admin('POST', `/api/admin/orders/${String(row?.id)}/approve`, { note: 'checked on the explorer' })]);
    expect([200, 409]).toContain(byOperator.statusCode);
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
    const decisions = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(decisions).toHaveLength(1);
    if (byOperator.statusCode === 200) expect(byOperator.json<AdminOrder>().status).toBe('approved');
  });

  it('credits nothing for a payment a reorganisation took back before it was confirmed', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const snapshot = await clients.test.snapshot();
    await payEther(placed.address, placed.payAmount);
    await tick();
    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 4 });
    await tick();
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('pending');
    expect(await credits(buyer.id)).toBe(0);
    const [stored] = await t.database.db.select().from(payments).where(and(eq(payments.toAddress, placed.address.toLowerCase()), sql`true`));
    expect(stored?.state).toBe('reverted');
  });

  it('credits a payment a reorganisation took back once a later block mines the same transaction again', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const wallet = clients.wallet(1);
    const raw = await wallet.signTransaction(await wallet.prepareTransactionRequest({ to: placed.address as Address, value: parseEther(placed.payAmount) }));
    const snapshot = await clients.test.snapshot();
    const hash = await clients.public.sendRawTransaction({ serializedTransaction: raw });
    await clients.public.waitForTransactionReceipt({ hash });
    await tick();
    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 2 });
    await tick();
    const stored = () => t.database.db.select({ state: payments.state, block: payments.blockNumber }).from(payments).where(eq(payments.txHash, hash.toLowerCase()));
    expect((await stored()).map((p) => p.state)).toEqual(['reverted']);
    // The new branch mines the same signed transaction: the same hash, in another block.
    expect(await clients.public.sendRawTransaction({ serializedTransaction: raw })).toBe(hash);
    const receipt = await clients.public.waitForTransactionReceipt({ hash });
    await clients.test.mine({ blocks: 2 });
    await tick();
    expect(await stored()).toEqual([{ state: 'confirmed', block: receipt.blockNumber }]);
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
  });

  it('judges a paid order again on the next tick when its approval failed once', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    await payToken(placed.address, placed.payAmount);
    // The tick that confirms the payment loses its approval (a dropped connection, a stop in between).
    const failing = vi.spyOn(t.app.orders, 'approveOnly').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const [report] = await tick();
    expect(failing).toHaveBeenCalledTimes(1);
    failing.mockRestore();
    // Said as the order's, not the endpoint's: no error on the chain, no back-off.
    expect(report).toMatchObject({ chainId: chain.chainId, settleErrors: [expect.stringContaining('Connection terminated unexpectedly')] });
    expect(report?.error).toBeUndefined();
    expect((await view(buyer.cookie, placed.id)).status).toBe('pending');
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
  });

  it('still watches the token a pending order was quoted in after the currency\'s contract changes', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    // The Owner points the currency at another contract (a migrated token): the order's QR code still names the first.
    await t.database.db.update(cryptos).set({ tokenContract: `0x${'42'.repeat(20)}` }).where(eq(cryptos.code, 'USDT'));
    await payToken(placed.address, placed.payAmount);
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
  });

  it('says when the endpoint’s head has not moved for over 10 minutes, until it moves', async () => {
    await setUpAutomatic(2);
    await tick();
    const shown = async () => (await admin('GET', '/api/admin/payments')).json<PaymentSettings>().chains.find((c) => c.chainId === chain.chainId);
    expect((await shown())?.noBlockSince).toBeNull();
    const setHeadChanged = (minutesAgo: number) => t.database.db.update(evmChains).set({ headChangedAt: new Date(Date.now() - minutesAgo * 60_000) }).where(eq(evmChains.chainId, chain.chainId));
    await setHeadChanged(5);
    expect((await shown())?.noBlockSince).toBeNull();
    await setHeadChanged(11);
    const quiet = (await shown())?.noBlockSince;
    expect(quiet).toBeTruthy();
    await tick();
    expect((await shown())?.noBlockSince).toBe(quiet);

    await clients.test.mine({ blocks: 1 });
    await tick();
    expect((await shown())?.noBlockSince).toBeNull();
  });

  it('keeps a payment it follows when its endpoint comes to serve another chain, and says so on the chain', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    await payEther(placed.address, placed.payAmount);
    await tick();
    expect((await view(buyer.cookie, placed.id)).payment?.transfers).toMatchObject([{ confirmations: 1 }]);

    // The same URL now reaches a node of another chain (a load balancer's mistake), taller than ours,
    // where the buyer's address is paid too: each tick is a fault shown on the chain, nothing more.
    const other = await startAnvil([], { chainId: 56 });
    try {
      const elsewhere = chainClients(other);
      await elsewhere.test.mine({ blocks: Number(await clients.public.getBlockNumber({ cacheTime: 0 })) + 5 });
      await elsewhere.wallet(1).sendTransaction({ to: placed.address as Address, value: parseEther(placed.payAmount) });
      await t.database.db.update(evmChains).set({ rpcUrl: other.url }).where(eq(evmChains.chainId, chain.chainId));
      for (const minutes of [0, 10, 20]) await t.app.paymentWatch.runOnce(new Date(Date.now() + minutes * 60_000));
      const shown = (await admin('GET', '/api/admin/payments')).json<PaymentSettings>().chains.find((c) => c.chainId === chain.chainId);
      expect(shown?.lastError).toBe(`The endpoint now serves chain 56, not chain ${chain.chainId}.`);
      expect(await t.database.db.select({ state: payments.state }).from(payments)).toEqual([{ state: 'seen' }]);
      expect((await view(buyer.cookie, placed.id)).status).toBe('pending');
    } finally {
      await other.stop();
    }

    await t.database.db.update(evmChains).set({ rpcUrl: chain.url }).where(eq(evmChains.chainId, chain.chainId));
    await clients.test.mine({ blocks: 1 });
    await t.app.paymentWatch.runOnce(new Date(Date.now() + 30 * 60_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2); // tokens and bonus, once
  });

  it('runs once across two instances on one database, and a restart after a failed tick counts a payment once', async () => {
    const proxy = await startRpcProxy(chain.url);
    const second = await buildApp({ config: t.config, database: t.database, webRoot: '/nonexistent' });
    try {
      await offerOnLocalChain();
      expect((await admin('PUT', '/api/admin/payments/evm-key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
      const saved = await admin('PUT', `/api/admin/payments/chains/${chain.chainId}`, { rpcUrl: proxy.url, confirmations: 1, tolerancePercent: '0.5', autoApproveUsd: '10000' });
      expect(saved.statusCode).toBe(200);
      await second.ready();
      const buyer = await registerBuyer(t.app);
      const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
      await payEther(placed.address, placed.payAmount);

      // The endpoint drops the connection mid-scan: the tick fails and nothing is kept of it. Every
      // block read meets the fault until the tick ends, however often the client asks again (one
      // failed clean-clone run got a tick with no error after two faults; why is not known).
      const blockReads = () => proxy.calls.get('eth_getBlockByNumber') ?? 0;
      const readsBefore = blockReads();
      proxy.inject('reset', 1_000, 'eth_getBlockByNumber');
      const failed = (await t.app.paymentWatch.runOnce()).find((r) => 'chainId' in r && r.chainId === chain.chainId);
      proxy.clearFaults();
      expect(blockReads(), 'the tick read the block that holds the payment').toBeGreaterThan(readsBefore);
      expect(failed?.error).toBeTruthy();
      expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().chains[0]?.lastError).toBeTruthy();
      expect(await t.database.db.select().from(payments)).toHaveLength(0);

      // The failing endpoint is left alone for a while, then asked again.
      const failedAt = Date.now();
      const asked = proxy.requests();
      const [waiting] = await t.app.paymentWatch.runOnce(new Date(failedAt + 1_000));
      expect(waiting?.retryAt).toBeInstanceOf(Date);
      expect(proxy.requests()).toBe(asked);

      // Both instances are due at the same moment: one claims the run. Then both tick at once anyway.
      const now = new Date(Date.now() + 60_000);
      const runs = await Promise.all([t.app.paymentWatch.runScheduled(now), second.paymentWatch.runScheduled(now)]);
      expect(runs.filter((r) => r !== null)).toHaveLength(1);
      await Promise.all([t.app.paymentWatch.runOnce(), second.paymentWatch.runOnce()]);

      expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
      expect(await t.database.db.select().from(payments)).toHaveLength(1);
      expect(await credits(buyer.id)).toBe(2);
      expect((await admin('GET', '/api/admin/payments')).json<PaymentSettings>().chains[0]?.lastError).toBeNull();
    } finally {
      await second.close();
      await proxy.close();
    }
  });

  it('leaves a payment over the auto-approve limit to the operator, and tells an overpayment apart', async () => {
    await setUpAutomatic(1);
    const limit = await admin('PUT', `/api/admin/payments/chains/${chain.chainId}`, { rpcUrl: chain.url, confirmations: 1, tolerancePercent: '0.5', autoApproveUsd: '2' });
    expect(limit.statusCode).toBe(200);
    const buyer = await registerBuyer(t.app);
    const big = (await order(buyer.cookie, 'ETH', '300')).json<Order>(); // $3, over the $2 limit
    await payEther(big.address, big.payAmount);
    await tick();
    expect((await view(buyer.cookie, big.id)).status).toBe('pending');
    const listed = (await admin('GET', '/api/admin/orders?status=pending')).json<{ orders: AdminOrder[] }>().orders;
    expect(listed.find((o) => o.id === big.id)?.payment).toEqual({ received: big.payAmount, verdict: 'paid', excess: '0', reverted: false, excessDecision: null });

    const other = await registerBuyer(t.app, { email: 'over@example.com' });
    const small = (await order(other.cookie, 'USDT', '100')).json<Order>(); // 1 TUSD, $1
    await payToken(small.address, '1.5');
    await tick();
    expect((await view(other.cookie, small.id)).status).toBe('approved');
    const decided = (await admin('GET', '/api/admin/orders?status=approved')).json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === small.id);
    expect(decided).toMatchObject({ decidedBy: 'Automatic', payment: { received: '1.5', verdict: 'overpaid', excess: '0.5' } });
  });

  it('lists a deposit no order holds as unallocated, never uses it for a later order, and lets the operator dismiss it', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const first = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    await payEther(first.address, first.payAmount);
    await tick();
    expect((await view(buyer.cookie, first.id)).status).toBe('approved');

    // The buyer pays again with no open order: the watcher keeps it aside.
    const stray = await payEther(first.address, '0.002');
    await tick();
    const [strayRow] = await t.database.db.select().from(payments).where(eq(payments.txHash, stray.transactionHash));
    expect(strayRow).toMatchObject({ orderId: null, state: 'confirmed' });
    // Listed once the watcher had its chance to match it (a minute).
    expect((await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: unknown[] }>().deposits).toEqual([]);
    await t.database.db.update(payments).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(payments.txHash, stray.transactionHash));
    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: { id: number; crypto: string | null; amount: string; buyer: { email: string } }[] }>().deposits;
    expect(listed).toEqual([expect.objectContaining({ crypto: 'ETH', amount: '0.002', buyer: { id: buyer.id, email: 'ada@example.com' } })]);

    // A new order does not swallow it.
    const second = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    await tick();
    expect((await view(buyer.cookie, second.id)).status).toBe('pending');

    const short = await admin('POST', `/api/admin/payments/unallocated/${String(listed[0]?.id)}/dismiss`, { note: '' });
    expect(short.json()).toMatchObject({ error: { fields: { note: 'Say why, e.g. dust or address poisoning.' } } });
    const dismissed = await admin('POST', `/api/admin/payments/unallocated/${String(listed[0]?.id)}/dismiss`, { note: 'sent twice; refunded by hand' });
    expect(dismissed.json<{ deposits: unknown[] }>().deposits).toEqual([]);
    const again = await admin('POST', `/api/admin/payments/unallocated/${String(listed[0]?.id)}/dismiss`, { note: 'sent twice; refunded by hand' });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.dismiss'));
    expect(audit?.after).toMatchObject({ note: 'sent twice; refunded by hand' });
  });

  it('never debits a payment a reorganisation took back after approval, and tells the operator', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const snapshot = await clients.test.snapshot();
    await payEther(placed.address, placed.payAmount);
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');

    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 3 });
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
    const [alert] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.reverted_after_approval'));
    expect(alert).toMatchObject({ operatorLogin: 'Automatic', entity: `order:${placed.id}` });
    const listed = (await admin('GET', '/api/admin/orders?status=approved')).json<{ orders: AdminOrder[] }>().orders;
    expect(listed.find((o) => o.id === placed.id)?.payment).toMatchObject({ received: '0', reverted: true });
  });

  it('hands a payment that arrives after the order expired to that order, for the operator to approve late', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.publicId, placed.id));
    await t.app.orders.expireOverdue();
    expect((await view(buyer.cookie, placed.id)).status).toBe('expired');

    const receipt = await payEther(placed.address, placed.payAmount);
    await tick();
    const late = await view(buyer.cookie, placed.id);
    expect(late).toMatchObject({ status: 'expired', txHash: receipt.transactionHash });
    expect(await credits(buyer.id)).toBe(0);
    const listed = (await admin('GET', '/api/admin/orders?status=expired')).json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === placed.id);
    expect(listed?.payment).toEqual({ received: placed.payAmount, verdict: 'paid', excess: '0', reverted: false, excessDecision: null });

    const approved = await admin('POST', `/api/admin/orders/${String(listed?.orderId)}/approve`, { note: 'paid after the window' });
    expect(approved.statusCode).toBe(200);
    expect(await credits(buyer.id)).toBe(2);
  });
  const adminView = async (publicId: string) => {
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId));
    const listed = (await admin('GET', `/api/admin/orders?q=${publicId}`)).json<{ orders: AdminOrder[] }>().orders;
    return { orderId: row?.id ?? 0, order: listed.find((o) => o.id === publicId) };
  };
  const ledgerOf = async (userId: number) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).map((e) => [e.kind, dec(e.amount).toString()]).sort();
  const tokensSold = async () => dec((await t.database.db.select({ sold: saleSettings.tokensSold }).from(saleSettings))[0]?.sold ?? '0').toString();
  async function expire(publicId: string) {
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.publicId, publicId));
    await t.app.orders.expireOverdue();
  }

  it('credits what arrived of an underpaid order at the order\'s rate, once the operator decides', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '1000')).json<Order>();
    await payToken(placed.address, '6');
    await tick();
    await expire(placed.id);
    const { orderId, order: late } = await adminView(placed.id);
    expect(late?.payment).toMatchObject({ received: '6', verdict: 'underpaid' });

    // Today's rate is for late payments only, and a bare approval credits the order as placed; this one credits what came.
    const approved = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { note: 'short by 4', credit: 'received' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminOrder>()).toMatchObject({ status: 'approved', tokens: '600', bonusTokens: '60', payAmount: '6', usdAmount: '6', payment: { received: '6', verdict: 'paid' } });
    expect(await ledgerOf(buyer.id)).toEqual([
      ['bonus', '60'],
      ['purchase', '600'],
    ]);
    expect(await tokensSold()).toBe('600');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'));
    expect(audit?.after).toMatchObject({ credit: 'received', tokens: '600', ordered: { tokens: '1000', payAmount: '10' }, payAmount: '6' });
    expect((await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { credit: 'received' })).statusCode).toBe(409);
    expect(await ledgerOf(buyer.id)).toHaveLength(2);
  });

  it('credits a late payment at today\'s rate when the operator chooses it, and only for late payments', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const { orderId } = await adminView(placed.id);
    const early = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { credit: 'received-current' });
    expect(early.json()).toMatchObject({ error: { message: "Today's rate applies to late payments only: this order has not expired." } });
    const nothing = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { credit: 'received' });
    expect(nothing.json()).toMatchObject({ error: { message: 'Nothing has arrived and been confirmed for this order yet.' } });

    await expire(placed.id);
    await payEther(placed.address, placed.payAmount);
    await tick();
    // The rate moved since the order: 200,000 tokens per ETH now instead of 300,000.
    await t.database.db.update(cryptos).set({ rate: '200000', usdPrice: '2000' }).where(eq(cryptos.code, 'ETH'));
    const approved = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { credit: 'received-current' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminOrder>()).toMatchObject({ status: 'approved', tokens: '200', bonusTokens: '14', payAmount: placed.payAmount, rate: '200000', usdAmount: '2' });
    expect(await ledgerOf(buyer.id)).toEqual([
      ['bonus', '14'],
      ['purchase', '200'],
    ]);
    expect((await view(buyer.cookie, placed.id)).tokens).toBe('200');
  });

  /**
   * Closes the order's window two minutes from now (whole seconds, as block times are), and has the
   * chain's next block mined `after` seconds past it: the chain's clock, not the expiry job's, says
   * whether the payment in that block is late. The window is still open by the server's clock, so
   * no expiry (the job's or a read's) can have run. The chain's clock is shared by the file's tests
   * and may run ahead of the wall clock (an earlier test set a block two minutes on): the window closes
   * two minutes after whichever is later, so the next block's time never goes back.
   */
  async function nextBlockAfterWindow(publicId: string, after: number): Promise<Date> {
    const latest = await clients.public.getBlock();
    const base = Math.max(Math.floor(Date.now() / 1000), Number(latest.timestamp));
    const expiresAt = new Date((base + 120) * 1000);
    await t.database.db.update(orders).set({ expiresAt }).where(eq(orders.publicId, publicId));
    await clients.test.setNextBlockTimestamp({ timestamp: BigInt(expiresAt.getTime() / 1000 + after) });
    return expiresAt;
  }

  it('leaves a payment mined one block after the window to the operator, as late, though the expiry job has not run', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const expiresAt = await nextBlockAfterWindow(placed.id, 1);
    const receipt = await payEther(placed.address, placed.payAmount);
    await tick();
    await clients.test.mine({ blocks: 2 });
    await tick();

    // Paid in full, confirmed, yet late: not approved, nothing credited; the order expired with the payment on it.
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.txHash, receipt.transactionHash.toLowerCase()));
    expect(stored?.paidAt).toEqual(new Date(expiresAt.getTime() + 1000));
    expect(await view(buyer.cookie, placed.id)).toMatchObject({ status: 'expired', txHash: receipt.transactionHash });
    expect(await credits(buyer.id)).toBe(0);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.approve'))).toEqual([]);
    const { orderId, order: listed } = await adminView(placed.id);
    expect(listed).toMatchObject({ status: 'expired', payment: { received: placed.payAmount, verdict: 'paid', excess: '0', reverted: false, excessDecision: null } });

    // The operator's late-payment choices stand: today's rate is offered, and an approval credits once.
    const approved = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { note: 'paid one block late' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await credits(buyer.id)).toBe(2);
  });

  it('approves a payment mined at the window\'s last second, confirmed after the window closed and the expiry job ran', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    const expiresAt = await nextBlockAfterWindow(placed.id, 0);
    await payToken(placed.address, placed.payAmount);
    await tick();
    expect((await view(buyer.cookie, placed.id)).status).toBe('pending');
    // The expiry job runs after the window: the order was paid in time, and stays open for its confirmations.
    await t.app.orders.expireOverdue(new Date(expiresAt.getTime() + 30_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('pending');
    // The second confirmation comes in a block after the window, and the tick runs after it too.
    await clients.test.mine({ blocks: 1 });
    await t.app.paymentWatch.runOnce(new Date(expiresAt.getTime() + 60_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('approved');
    expect(await credits(buyer.id)).toBe(2);
  });

  it('approves a payment made within the window that the watcher stores only after the order expired', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    // Mined five seconds before the window closes.
    const expiresAt = await nextBlockAfterWindow(placed.id, -5);
    await payToken(placed.address, placed.payAmount);
    // The expiry runs first (it also runs on reads and on checked orders; the watcher reads blocks behind the tip).
    await t.app.orders.expireOverdue(new Date(expiresAt.getTime() + 10_000));
    expect((await view(buyer.cookie, placed.id)).status).toBe('expired');
    await t.app.paymentWatch.runOnce(new Date(expiresAt.getTime() + 20_000));
    await clients.test.mine({ blocks: 1 });
    await t.app.paymentWatch.runOnce(new Date(expiresAt.getTime() + 40_000));
    // Judged by the chain's instant, not by which job ran first: paid in time, at the order's price.
    const approved = await view(buyer.cookie, placed.id);
    expect([approved.status, approved.tokens]).toEqual(['approved', placed.tokens]);
    expect(await credits(buyer.id)).toBe(2);
  });

  it('refuses an automatic approval of an order past its window, and leaves the operator\'s open', async () => {
    await setUpAutomatic(2);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'ETH', '300')).json<Order>();
    const expiresAt = await nextBlockAfterWindow(placed.id, 0);
    const receipt = await payEther(placed.address, placed.payAmount);
    await tick();
    const { orderId } = await adminView(placed.id);
    // Held while on time; say the chain had put it after the window instead: the approval path itself refuses.
    await t.database.db.update(payments).set({ paidAt: new Date(expiresAt.getTime() + 1000) }).where(eq(payments.txHash, receipt.transactionHash.toLowerCase()));
    await expect(t.app.orders.approveOnly(AUTOMATIC, orderId, 'Paid in full.')).rejects.toMatchObject({ code: 'conflict', message: 'This order was paid after its window closed: an operator decides on a late payment.' });
    expect(await credits(buyer.id)).toBe(0);

    // An order already expired is not Automatic's to approve either.
    const other = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    await expire(other.id);
    const expired = await adminView(other.id);
    await expect(t.app.orders.approveOnly(AUTOMATIC, expired.orderId, 'Paid in full.')).rejects.toMatchObject({ code: 'conflict' });
    expect((await view(buyer.cookie, other.id)).status).toBe('expired');

    const approved = await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { note: 'late, approved by hand' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await credits(buyer.id)).toBe(2);
  });

  it('credits the excess of an overpayment at the order\'s rate, or records its refund, once', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>(); // 1 TUSD
    await payToken(placed.address, '1.5');
    await tick();
    expect((await view(buyer.cookie, placed.id)).payment?.excess).toEqual({ amount: '0.5', state: 'open', note: null });
    const { orderId } = await adminView(placed.id);

    const credited = await admin('POST', `/api/admin/orders/${String(orderId)}/excess`, { action: 'credit', note: '' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json<AdminOrder>()).toMatchObject({
      tokens: '150',
      bonusTokens: '7.5',
      payAmount: '1.5',
      payment: { received: '1.5', verdict: 'paid', excess: '0', excessDecision: { action: 'credited', amount: '0.5', tokens: '50', bonusTokens: '2.5', decidedBy: 'operator' } },
    });
    expect(await ledgerOf(buyer.id)).toEqual([
      ['bonus', '5'],
      ['excess', '50'],
      ['excess_bonus', '2.5'],
      ['purchase', '100'],
    ]);
    expect(await tokensSold()).toBe('150');
    expect((await view(buyer.cookie, placed.id)).payment?.excess).toEqual({ amount: '0.5', state: 'credited', note: null });
    const twice = await admin('POST', `/api/admin/orders/${String(orderId)}/excess`, { action: 'refunded', note: 'sent back' });
    expect(twice.statusCode).toBe(409);
    expect(await ledgerOf(buyer.id)).toHaveLength(4);

    const other = await registerBuyer(t.app, { email: 'refund@example.com' });
    const second = (await order(other.cookie, 'USDT', '100')).json<Order>();
    await payToken(second.address, '2');
    await tick();
    const { orderId: secondId } = await adminView(second.id);
    const noReason = await admin('POST', `/api/admin/orders/${String(secondId)}/excess`, { action: 'refunded', note: '' });
    expect(noReason.json()).toMatchObject({ error: { fields: { note: "Say how the excess was refunded, e.g. the refund's transaction hash." } } });
    const refunded = await admin('POST', `/api/admin/orders/${String(secondId)}/excess`, { action: 'refunded', note: 'returned 1 TUSD in 0xabc' });
    expect(refunded.json<AdminOrder>()).toMatchObject({ tokens: '100', payment: { received: '2', verdict: 'paid', excessDecision: { action: 'refunded', amount: '1', tokens: '0' } } });
    expect((await view(other.cookie, second.id)).payment?.excess).toEqual({ amount: '1', state: 'refunded', note: 'returned 1 TUSD in 0xabc' });
    expect(await ledgerOf(other.id)).toEqual([
      ['bonus', '5'],
      ['purchase', '100'],
    ]);
    const exact = await admin('POST', `/api/admin/orders/${String(secondId)}/excess`, { action: 'credit' });
    expect(exact.statusCode).toBe(409);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action).filter((a) => a.startsWith('order.excess'));
    expect(actions.sort()).toEqual(['order.excess.credit', 'order.excess.refund']);
  });

  it('hands a late payment to its expired order by when it was paid, however late a tick read it', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const placed = (await order(buyer.cookie, 'USDT', '100')).json<Order>(); // 1 TUSD
    // Its window closed eight days ago.
    const now = Date.now();
    await t.database.db.update(orders).set({ createdAt: new Date(now - 9 * 86_400_000), expiresAt: new Date(now - 8 * 86_400_000) }).where(eq(orders.publicId, placed.id));
    await t.app.orders.expireOverdue();
    // Paid six days after the window (within the week a late payment finds its order), read only today.
    const [late] = await t.database.db
      .insert(payments)
      .values({ chainId: chain.chainId, txHash: `0x${'5a'.repeat(32)}`, logIndex: 0, tokenContract: token.address.toLowerCase(), fromAddress: `0x${'11'.repeat(20)}`, toAddress: placed.address.toLowerCase(), value: '1000000', blockNumber: 1n, state: 'confirmed', userId: buyer.id, paidAt: new Date(now - 2 * 86_400_000) })
      .returning();
    await tick();
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.id, late?.id ?? 0));
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.publicId, placed.id));
    expect(stored?.orderId).toBe(expired?.id);
    // The operator decides on it, at the order's price or today's.
    expect(expired?.status).toBe('expired');
  });

  it('credits one payment once: a stored payment\'s hash cannot pay another order, and a deposit an order names is not made an order again', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    const attach = (id: string, txHash: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/tx-hash`, cookies: { [BUYER]: buyer.cookie }, payload: { txHash } });
    const refusal = (res: Awaited<ReturnType<typeof attach>>) => [res.statusCode, res.json<{ error: { fields: { txHash?: string } } }>().error.fields.txHash];

    // An order paid in two parts keeps the first part's hash; the second's cannot pay the next order.
    const paid = (await order(buyer.cookie, 'USDT', '100')).json<Order>(); // 1 TUSD
    await payToken(paid.address, '0.5');
    const second = await payToken(paid.address, '0.5');
    await tick();
    expect((await view(buyer.cookie, paid.id)).status).toBe('approved');
    const next = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    expect(refusal(await attach(next.id, second.transactionHash))).toEqual([409, 'This transaction is already attached to another order: one transaction pays one order.']);

    // Ether sent to the deposit address with no ether order open stays a deposit: its hash pays no token order.
    const deposit = await payEther(paid.address, '0.002');
    await tick();
    expect(refusal(await attach(next.id, deposit.transactionHash))).toEqual([409, 'This transaction reached your deposit address when no order was open: the sale team credits it on its own, so it cannot also pay this order.']);

    // Attached before the watcher stored it, and the order approved by hand: the deposit is not credited again.
    const early = await payEther(paid.address, '0.001');
    expect((await attach(next.id, early.transactionHash)).statusCode).toBe(200);
    await tick();
    await t.database.db.update(payments).set({ createdAt: new Date(Date.now() - 120_000) });
    const { orderId } = await adminView(next.id);
    expect((await admin('POST', `/api/admin/orders/${String(orderId)}/approve`, { note: 'checked the hash' })).statusCode).toBe(200);
    const before = await credits(buyer.id);
    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: UnallocatedDeposit[] }>().deposits;
    const named = listed.find((d) => d.txHash === early.transactionHash);
    const made = await admin('POST', `/api/admin/payments/unallocated/${String(named?.id)}/order`, { note: 'sent without an order' });
    expect([made.statusCode, made.json<{ error: { message: string } }>().error.message]).toEqual([409, `Order ${next.id} names this transaction as its payment and was approved: it was credited already. Dismiss this deposit instead.`]);
    expect(await credits(buyer.id)).toBe(before);
  });

  it('makes an approved order from an unallocated deposit at today\'s rate, once', async () => {
    await setUpAutomatic(1);
    const buyer = await registerBuyer(t.app);
    // The buyer has an address from a token order, and sends ether to it with no ether order open.
    const first = (await order(buyer.cookie, 'USDT', '100')).json<Order>();
    const again = await payEther(first.address, '0.002');
    await tick();
    await t.database.db.update(payments).set({ createdAt: new Date(Date.now() - 120_000) });
    const listed = (await admin('GET', '/api/admin/payments/unallocated')).json<{ deposits: UnallocatedDeposit[] }>().deposits;
    expect(listed.map((d) => d.txHash)).toEqual([again.transactionHash]);
    expect(listed[0]).toMatchObject({ crypto: 'ETH', amount: '0.002', quote: { tokens: '600', bonusTokens: '60', usdAmount: '6' } });

    const made = await admin('POST', `/api/admin/payments/unallocated/${String(listed[0]?.id)}/order`, { note: 'sent without an order' });
    expect(made.statusCode).toBe(200);
    const { deposits, order: created } = made.json<{ deposits: UnallocatedDeposit[]; order: { id: string } }>();
    expect(deposits).toEqual([]);
    expect(await view(buyer.cookie, created.id)).toMatchObject({ status: 'approved', tokens: '600', bonusTokens: '60', payAmount: '0.002', txHash: again.transactionHash, decisionNote: 'sent without an order' });
    expect(await ledgerOf(buyer.id)).toEqual([
      ['bonus', '60'],
      ['purchase', '600'],
    ]);
    expect((await admin('POST', `/api/admin/payments/unallocated/${String(listed[0]?.id)}/order`, {})).statusCode).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.order'));
    expect(audit?.after).toMatchObject({ crypto: 'ETH', tokens: '600', note: 'sent without an order' });
  });
});
