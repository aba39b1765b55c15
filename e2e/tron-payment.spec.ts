// A buyer orders USDT on TRON, the test pays with a transaction built and signed offline with tronweb
// and served by the TronGrid-compatible test node, and the order page follows the payment live, from
// awaiting to confirmations to approved, without a reload (issue 33). Then the operator imports TRON
// addresses they own on the Payments page instead of the key, and the next buyer pays to the first.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { deriveTronAddress, parseTronAccountKey } from '../src/domain/tron/account-key';
import { ADDRESS_LIST_MESSAGES } from '../src/domain/tron/address-list';
import { startTronNode, TronTestWallet, type TronTestNode } from '../src/server/test/tron-node';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { ensureLiveSale, operatorApi } from './operator-api';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SALE_WALLET = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const account = HDKey.fromMasterSeed(mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow')).derive("m/44'/195'/0'");

let node: TronTestNode;
let payer: TronTestWallet;
let api: APIRequestContext;
let code: string;

test.beforeAll(async () => {
  node = await startTronNode({ height: 20 });
  payer = new TronTestWallet(node);
  node.deployToken(USDT, { [payer.address]: 1_000_000_000n });
  api = await operatorApi();
  await ensureLiveSale(api);
  code = uniqueCode('TU', 4);
  const crypto = await api.post('/api/admin/cryptos', {
    data: { currency: code, fullName: 'USDT on TRON (TRC-20)', network: 'tron', tokenContract: USDT, decimals: 6, rateSource: 'manual', rate: '100', address: SALE_WALLET },
  });
  expect(crypto.status(), await crypto.text()).toBe(201);
  const key = await api.put('/api/admin/payments/tron/key', { data: { xpub: account.publicExtendedKey } });
  expect(key.status(), await key.text()).toBe(200);
  const watcher = await api.put('/api/admin/payments/tron/watcher', { data: { apiUrl: node.url, confirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '10000' } });
  expect(watcher.status(), await watcher.text()).toBe(200);
});

test.afterAll(async () => {
  await api.delete('/api/admin/payments/tron/watcher');
  await api.dispose();
  await node.close();
});

test('an order paid in USDT on TRON turns approved on its page without a reload', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '1000' } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; address: string; payAmount: string };
  const parsed = parseTronAccountKey(account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  // The buyer's own TRON address, derived from the operator's xpub, not the sale's wallet.
  expect(order.address).not.toBe(SALE_WALLET);
  expect(Array.from({ length: 50 }, (_, i) => deriveTronAddress(parsed.key, i))).toContain(order.address);

  await page.goto(`/dashboard/transaction?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(order.address, { exact: true })).toBeVisible();
  await expect(page.getByText('Send this amount to the address below on the TRON (TRC-20) network. Any other amount or network delays your order.')).toBeVisible();
  await expect(page.getByText(/^TRON has no payment link that wallets agree on/)).toBeVisible();

  const txid = payer.transferToken(USDT, order.address, BigInt(order.payAmount) * 1_000_000n);
  node.mine(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Processing Transaction' })).toBeVisible();
  await expect(page.getByText(`Payment seen in ${txid.slice(0, 8)}…${txid.slice(-6)}: 1 of 2 confirmations.`)).toBeVisible();

  node.mine(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await expect(page.getByText(`Payment confirmed in ${txid.slice(0, 8)}…${txid.slice(-6)}.`)).toBeVisible();
});

test('the operator imports TRON addresses instead of the key, and the next buyer pays to the first of them', async ({ page }) => {
  const wallet = parseTronAccountKey(HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey);
  if (!wallet.ok) throw new Error(wallet.message);
  const [first, second] = [deriveTronAddress(wallet.key, 0), deriveTronAddress(wallet.key, 1)];
  await signInAsOperator(page);
  await page.goto('/admin/payments');
  const card = page.getByRole('region', { name: 'Imported addresses (TRON)' });
  await expect(card.getByText('No addresses imported.')).toBeVisible();
  const field = card.getByLabel('TRON addresses, one per line');
  // A line that is no address refuses the whole list, naming its line.
  await field.fill(`${first}\nnot an address\n${second}`);
  await card.getByRole('button', { name: 'Import addresses' }).click();
  await expect(card.getByText(ADDRESS_LIST_MESSAGES.notAddress(2))).toBeVisible();
  await field.fill(`${first}\n${second}`);
  await card.getByRole('button', { name: 'Import addresses' }).click();
  await expect(card.getByText(/^In use: each new buyer gets the next address\. 2 addresses imported, 0 handed out, 2 left\.$/)).toBeVisible();
  await expect(card.getByText('Few addresses left')).toBeVisible();
  // The key's card says no key is in use now.
  await expect(page.getByRole('region', { name: 'Account key (TRON)' }).getByText(/^No account key yet/)).toBeVisible();

  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '1000' } });
  expect(created.status(), await created.text()).toBe(201);
  expect(((await created.json()) as { address: string }).address).toBe(first);
  await page.reload();
  await expect(card.getByText(/2 addresses imported, 1 handed out, 1 left\.$/)).toBeVisible();
});
