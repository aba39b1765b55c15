// Buy Token, the dashboard and the Token Hub (issue 18): an empty amount with no early error, the
// currency's full name and network, grouped limit messages, a live dashboard balance with the open
// orders and their time left, a Token Hub that fits a phone, and a sub-cent price shown whole.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueCode, newBuyer, registerThroughApi, test } from './fixtures';
import { ensureLiveSale, offerCrypto, openStages, operatorApi } from './operator-api';


let api: APIRequestContext;
let symbol: string;

test.beforeAll(async () => {
  api = await operatorApi();
  symbol = (await ensureLiveSale(api)).tokenSymbol;
});

test.afterAll(async () => {
  await api.dispose();
});

/** Places an order as the signed-in browser buyer; returns its public id. */
async function placeOwnOrder(page: Page, crypto: string, tokens: string): Promise<string> {
  const res = await page.request.post('/api/orders', { data: { crypto, tokens } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function operatorOrderId(publicId: string): Promise<number> {
  const res = await api.get('/api/admin/orders?status=pending&pageSize=100');
  const found = ((await res.json()) as { orders: { id: string; orderId: number }[] }).orders.find((o) => o.id === publicId);
  if (!found) throw new Error(`order ${publicId} is not in the operator's pending list`);
  return found.orderId;
}

test('the amount starts empty, the currency shows its name and network, and limits are grouped', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('P', 6), '1000');
  await registerThroughApi(page.request, newBuyer());
  await page.goto('/dashboard/buy-token');

  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveValue('');
  await expect(amount).toHaveAttribute('placeholder', 'Enter amount');
  await expect(amount).toHaveAccessibleDescription(symbol);

  await page.getByLabel('Search currencies').fill(code.toLowerCase());
  const option = page.getByRole('button', { name: new RegExp(`^${code}\\b`) });
  await expect(option).toContainText(`${code} test coin`);
  await expect(option).toContainText('Ethereum (chain 1)');
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');

  // Nothing typed yet: no limit message, only the hint to enter an amount.
  const panel = page.getByRole('region', { name: 'Your purchase' });
  await expect(panel).toContainText('Enter an amount.');
  await expect(panel).not.toContainText('order is');

  await amount.fill('200000');
  await expect(panel).toContainText(`The maximum order is 100,000 ${symbol}.`);
  await expect(panel.getByRole('button', { name: 'Buy Now!' })).toBeDisabled();
  await amount.fill('2000');
  await expect(panel).toContainText(`You receive2,000 ${symbol}`);
  await expect(panel.getByRole('button', { name: 'Buy Now!' })).toBeEnabled();
});

test('the dashboard lists open orders with their time left and its balance follows an approval live', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('P', 6), '1000');
  await registerThroughApi(page.request, newBuyer());
  const publicId = await placeOwnOrder(page, code, '100');
  await page.goto('/dashboard');

  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText(`0 ${symbol}`);
  const open = page.getByRole('region', { name: 'Open orders' });
  const item = open.getByRole('listitem').filter({ hasText: publicId });
  await expect(item).toContainText(`100 ${symbol}`);
  await expect(item).toContainText(/Time left to pay: \d{2}:\d{2}/);
  await expect(item.getByRole('link', { name: `Order #${publicId}` })).toHaveAttribute('href', `/dashboard/transaction?order=${publicId}`);

  const approve = await api.post(`/api/admin/orders/${await operatorOrderId(publicId)}/approve`, { data: {} });
  expect(approve.ok(), await approve.text()).toBe(true);
  // 100 tokens and the 5% Bronze bonus, without a reload; the order is no longer open.
  await expect(balance).toContainText(`105 ${symbol}`);
  await expect(open).toContainText('No open orders.');
});

test('the Token Hub fits a phone with the status and the whole order id', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('P', 6), '1000');
  await registerThroughApi(page.request, newBuyer());
  const publicId = await placeOwnOrder(page, code, '60');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/my-token');

  const item = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: publicId });
  await item.scrollIntoViewIfNeeded();
  // Wholly on screen, not clipped at the right edge.
  await expect(item.getByText(publicId, { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(item.getByText('Pending')).toBeInViewport({ ratio: 1 });
  await expect(item.getByRole('link', { name: /View/ })).toBeInViewport({ ratio: 1 });
  await expect(item).toContainText(`60 ${symbol}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test('a sub-cent token price is shown with all its decimals', async ({ page }) => {
  const before = ((await (await api.get('/api/sale')).json()) as { priceUsd: string }).priceUsd;
  // Orders were made in the current stage, so its price is fixed: a new stage puts the price on sale.
  const set = async (priceUsd: string) => {
    await openStages(api, [{ name: `At $${priceUsd}`, priceUsd, allocation: '10000000' }], 'roll_over');
  };
  await set('0.0137');
  try {
    await page.goto('/');
    await expect(page.getByText(`1.00 ${symbol} = $0.0137`)).toBeVisible();
    await expect(page.locator('#tokendetails')).toContainText('Token price$0.0137');
  } finally {
    await set(before);
  }
});
