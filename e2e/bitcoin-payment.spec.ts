// Automatic Bitcoin payments in the browser (issue 13): the operator enters a zpub and an Esplora
// endpoint on the Payments page; a buyer orders in a Bitcoin currency, the test pays with a
// transaction really signed with @scure/btc-signer on the Esplora test server, and the order page
// follows it live, from the mempool to its confirmations to approved, without a reload.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import type { PaymentSettings } from '../src/contracts/payments';
import { deriveBitcoinAddress, parseBitcoinAccountKey } from '../src/domain/bitcoin/account-key';
import { parseCoins } from '../src/domain/bitcoin/amount';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../src/server/test/esplora-server';
import { expect, newBuyer, registerThroughApi, test, uniqueCode } from './fixtures';
import { ensureLiveSale, operatorApi } from './operator-api';

const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };
const SALE_WALLET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/0'/0'");

let server: EsploraTestServer;
let api: APIRequestContext;
let code: string;

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

async function bitcoinSettings(): Promise<PaymentSettings['bitcoin']> {
  return ((await (await api.get('/api/admin/payments')).json()) as PaymentSettings).bitcoin;
}

test.beforeAll(async () => {
  server = await startEsploraServer();
  api = await operatorApi();
  await ensureLiveSale(api);
  code = uniqueCode('BT', 4);
  // 1 BTC buys 1,000,000 tokens.
  const crypto = await api.post('/api/admin/cryptos', { data: { currency: code, fullName: `${code} (Bitcoin)`, network: 'bitcoin', chainId: null, rateSource: 'manual', rate: '1000000', address: SALE_WALLET, decimals: 8 } });
  expect(crypto.status(), await crypto.text()).toBe(201);
});

test.afterAll(async () => {
  await api.delete('/api/admin/payments/bitcoin-chain');
  await api.delete('/api/admin/payments/bitcoin-key');
  await api.dispose();
  await server.close();
});

test('a Bitcoin order paid from a wallet turns approved on its page without a reload', async ({ page }) => {
  const key = await api.put('/api/admin/payments/bitcoin-key', { data: { xpub: account.publicExtendedKey } });
  expect(key.status(), await key.text()).toBe(200);
  const chain = await api.put('/api/admin/payments/bitcoin-chain', { data: { esploraUrl: server.url, confirmations: 2, largeAboveBtc: null, largeConfirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '10000' } });
  expect(chain.status(), await chain.text()).toBe(200);
  // The watcher has read the chain once: payments from now on count.
  await expect.poll(async () => (await bitcoinSettings()).chain?.tipHeight ?? null).not.toBeNull();

  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '100' } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; address: string; payAmount: string };
  const parsed = parseBitcoinAccountKey('bitcoin', account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  // The buyer's own receiving address from the operator's zpub, not the sale's wallet.
  expect(Array.from({ length: 20 }, (_, i) => deriveBitcoinAddress(parsed.key, i))).toContain(order.address);
  expect(order.payAmount).toBe('0.0001');

  await page.goto(`/dashboard/transaction?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(order.address, { exact: true })).toBeVisible();
  await expect(page.getByText('Already sent the payment?')).toHaveCount(0);

  const wallet = new TestWallet(server);
  const coin = wallet.fund(1_000_000n);
  const txid = wallet.send(coin, [{ address: order.address, units: parseCoins(order.payAmount) }]);
  await expect(page.getByText(`Payment seen in ${shortHash(txid)}, not yet in a block: 0 of 2 confirmations.`)).toBeVisible();

  server.mine();
  await expect(page.getByText(`Payment seen in ${shortHash(txid)}: 1 of 2 confirmations.`)).toBeVisible();
  server.mine();
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await expect(page.getByText(`Payment confirmed in ${shortHash(txid)}.`)).toBeVisible();
});
