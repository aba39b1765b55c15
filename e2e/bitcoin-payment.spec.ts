// Automatic Bitcoin payments in the browser (issue 13): the operator enters a zpub and an Esplora
// endpoint on the Payments page; a buyer orders in a Bitcoin currency, the test pays with a
// transaction really signed with @scure/btc-signer on the Esplora test server, and the order page
// follows it live, from the mempool to its confirmations to approved, without a reload.
// (Browser tests run one at a time, in file order: the second test uses what the first saved.)
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import type { PaymentSettings } from '../src/contracts/payments';
import { UTXO_KEY_MESSAGES, deriveUtxoAddress, parseUtxoAccountKey } from '../src/domain/utxo/account-key';
import { parseCoins } from '../src/domain/utxo/amount';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../src/server/test/esplora-server';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { ensureLiveSale, operatorApi } from './operator-api';

const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };
const SALE_WALLET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/0'/0'");

let server: EsploraTestServer;
let api: APIRequestContext;
let code: string;

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

async function bitcoinSettings(): Promise<PaymentSettings['utxoChains'][number]> {
  const bitcoin = ((await (await api.get('/api/admin/payments')).json()) as PaymentSettings).utxoChains.find((c) => c.chain === 'bitcoin');
  if (!bitcoin) throw new Error('no bitcoin in the payment settings');
  return bitcoin;
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
  await api.delete('/api/admin/payments/utxo/bitcoin/watcher');
  await api.delete('/api/admin/payments/utxo/bitcoin/key');
  await api.dispose();
  await server.close();
});

test('the operator enters a zpub and an Esplora endpoint on the Payments page', async ({ page }) => {
  await api.delete('/api/admin/payments/utxo/bitcoin/watcher');
  await api.delete('/api/admin/payments/utxo/bitcoin/key');
  await signInAsOperator(page);
  await page.goto('/admin/payments');
  const card = page.getByRole('region', { name: 'Bitcoin', exact: true });
  await expect(card).toContainText('No Bitcoin account key yet');

  // A private key is refused at its field, never saved.
  const keyField = card.getByLabel('Account key (zpub, ypub or xpub)');
  await keyField.fill(account.privateExtendedKey);
  await card.getByRole('button', { name: 'Save key' }).click();
  await expect(keyField).toHaveAccessibleDescription(UTXO_KEY_MESSAGES.extendedPrivateKey('zprv', 'zpub'));
  expect((await bitcoinSettings()).key).toBeNull();

  await keyField.fill(account.publicExtendedKey);
  await card.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Bitcoin account key saved')).toBeVisible();
  const parsed = parseUtxoAccountKey('bitcoin', account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  const first = card.getByRole('list', { name: 'First Bitcoin addresses' });
  for (const i of [0, 1, 2]) await expect(first).toContainText(deriveUtxoAddress(parsed.key, i));
  await expect(card).toContainText('Address type: Native segwit (bc1q…)');

  // An endpoint that does not answer is refused at its field, its URL (and API key) not echoed.
  const watcher = card.getByRole('region', { name: 'Watcher' });
  const url = watcher.getByLabel('Esplora API URL');
  await url.fill('http://127.0.0.1:9/api?key=E2E-SECRET');
  await watcher.getByRole('button', { name: 'Save watcher' }).click();
  await expect(url).toHaveAccessibleDescription(/did not answer as an Esplora API/);
  await url.fill(`${server.url}?key=E2E-SECRET`);
  await watcher.getByRole('button', { name: 'Save watcher' }).click();
  await expect(page.getByText('Bitcoin watcher saved')).toBeVisible();
  await expect(watcher).toContainText(`Current endpoint: ${new URL(server.url).host}`);
  await expect(card).not.toContainText('E2E-SECRET');
  // The page polls every 15 s; once the watcher has read the chain, a reload shows where it is.
  await expect.poll(async () => (await bitcoinSettings()).watcher?.tipHeight ?? null).not.toBeNull();
  await page.reload();
  await expect(watcher).toContainText(`Tip height ${String((await bitcoinSettings()).watcher?.tipHeight)}`);
  await expect(card).toContainText('Unused addresses in a row: 0');
});

test('a Bitcoin order paid from a wallet turns approved on its page without a reload', async ({ page }) => {
  // What the test before saved through the page (saved again here when this test runs alone: the same key and URL change nothing).
  const key = await api.put('/api/admin/payments/utxo/bitcoin/key', { data: { xpub: account.publicExtendedKey } });
  expect(key.status(), await key.text()).toBe(200);
  if ((await bitcoinSettings()).watcher === null) {
    const chain = await api.put('/api/admin/payments/utxo/bitcoin/watcher', { data: { esploraUrl: server.url, confirmations: 2, largeAbove: null, largeConfirmations: 6, tolerancePercent: '0.5', autoApproveUsd: '10000' } });
    expect(chain.status(), await chain.text()).toBe(200);
  }
  // The watcher has read the chain once: payments from now on count.
  await expect.poll(async () => (await bitcoinSettings()).watcher?.tipHeight ?? null).not.toBeNull();

  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '100' } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; address: string; payAmount: string };
  const parsed = parseUtxoAccountKey('bitcoin', account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  // The buyer's own receiving address from the operator's zpub, not the sale's wallet.
  expect(Array.from({ length: 20 }, (_, i) => deriveUtxoAddress(parsed.key, i))).toContain(order.address);
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
