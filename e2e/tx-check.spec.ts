// Pasted transaction hashes (issue 13): one transaction pays one order (refused at the buyer's
// field), and the operator sees what the chain says, read from an Esplora API that serves real
// signed Bitcoin transactions (the test server on loopback).
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminCrypto } from '../src/contracts/cryptos';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../src/server/test/esplora-server';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { ensureLiveSale, newRequestContext, offerCrypto, operatorApi } from './operator-api';

let esplora: EsploraTestServer;
let api: APIRequestContext;

const newTxHash = () => `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

/** A buyer of their own (signed in through `context`) orders `tokens` of `crypto`; returns the order's public id and amount. */
async function order(context: APIRequestContext, crypto: string, tokens: string): Promise<{ id: string; payAmount: string }> {
  await registerThroughApi(context, newBuyer());
  const res = await context.post('/api/orders', { data: { crypto, tokens } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; payAmount: string };
}

async function openDrawer(page: Page, id: string) {
  await page.goto('/admin/transactions');
  await page.getByLabel('Search by order id, e-mail or tx hash').fill(id);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'All transactions' }).getByRole('row').filter({ hasText: id }).getByText('Pending').click();
  return page.getByRole('dialog', { name: `Order ${id}` });
}

test.beforeAll(async () => {
  esplora = await startEsploraServer({ height: 100 });
  api = await operatorApi();
  await ensureLiveSale(api);
});

test.afterAll(async () => {
  await api.delete('/api/admin/payments/lookups/bitcoin');
  await api.dispose();
  await esplora.close();
});

test('a transaction already attached to another order is refused at the field', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('TX'));
  const hash = newTxHash();
  const first = await newRequestContext();
  const paid = await order(first, code, '150');
  expect((await first.post(`/api/orders/${paid.id}/tx-hash`, { data: { txHash: hash } })).status()).toBe(200);
  await first.dispose();

  const mine = await order(page.request, code, '150');
  await page.goto(`/dashboard/transaction?order=${mine.id}`);
  await page.getByLabel('Transaction hash').fill(hash);
  await page.getByRole('button', { name: 'Save hash' }).click();
  await expect(page.getByText('This transaction is already attached to another order: one transaction pays one order.')).toBeVisible();
  await expect(page.getByLabel('Transaction hash')).toHaveAttribute('aria-invalid', 'true');

  // The operator is told where lookups for that chain are set up.
  await signInAsOperator(page, { stepUp: false });
  const drawer = await openDrawer(page, paid.id);
  await expect(drawer.getByRole('group', { name: 'What the chain says' })).toContainText('Set an endpoint for chain 1 on the Payments page');
});

test('the operator sets an Esplora API for Bitcoin lookups and sees what it says about a payment', async ({ page }) => {
  const shop = new TestWallet(esplora);
  const payer = new TestWallet(esplora);
  const cryptos = (await (await api.get('/api/admin/cryptos')).json()) as { cryptos: AdminCrypto[] };
  const btc = cryptos.cryptos.find((c) => c.code === 'BTC');
  if (!btc) throw new Error('BTC is not seeded');
  const offered = await api.put('/api/admin/cryptos/BTC', {
    data: { fullName: btc.name, network: 'bitcoin', chainId: null, tokenContract: null, decimals: 8, priceFeedId: btc.priceFeedId, rateSource: 'manual', rate: '6500000', address: shop.address, enabled: true },
  });
  expect(offered.status(), await offered.text()).toBe(200);

  await signInAsOperator(page);
  await page.goto('/admin/payments');
  const card = page.getByRole('region', { name: 'Transaction lookups' }).getByRole('region', { name: 'Bitcoin lookups' });
  const url = card.getByLabel('Esplora API URL');
  await url.fill('ftp://example.com');
  await card.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(card.getByText('Enter the endpoint as an http(s) URL, such as https://mempool.space/api.')).toBeVisible();
  await url.fill(esplora.url);
  await card.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(card.getByText(`Looking up Bitcoin transactions at ${new URL(esplora.url).host}.`)).toBeVisible();

  const buyer = await newRequestContext();
  const full = await order(buyer, 'BTC', '65000');
  expect(full.payAmount).toBe('0.01');
  const txid = payer.send(payer.fund(5_000_000n), [{ address: shop.address, units: 1_000_000n }]);
  expect((await buyer.post(`/api/orders/${full.id}/tx-hash`, { data: { txHash: txid } })).status()).toBe(200);
  const short = await order(buyer, 'BTC', '65000');
  const shortTxid = payer.send(payer.fund(5_000_000n), [{ address: shop.address, units: 400_000n }]);
  expect((await buyer.post(`/api/orders/${short.id}/tx-hash`, { data: { txHash: shortTxid } })).status()).toBe(200);
  await buyer.dispose();
  esplora.mine(1);

  let drawer = await openDrawer(page, full.id);
  await expect(drawer.getByRole('group', { name: 'What the chain says' })).toContainText("Found: it pays 0.01 BTC to the order's address, 1 confirmation.");
  await page.keyboard.press('Escape');
  drawer = await openDrawer(page, short.id);
  await expect(drawer.getByText("It pays 0.004 BTC to the order's address; the order asks 0.01.")).toBeVisible();
});
