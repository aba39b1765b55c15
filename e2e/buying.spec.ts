// Buying in the browser (PRODUCT.md §4, §6): Buy Token, the Payment Process dialog, the order page
// following the operator's decision live, the Token Hub, the leaderboard, and the amount rules.
import type { APIRequestContext, Page } from '@playwright/test';
import { maskEmail } from '../src/domain/mask';
import { expect, uniqueCode, newBuyer, publicIdFrom, registerThroughApi, registerThroughForm, test } from './fixtures';
import { E2E_EVM_WALLET, ensureLiveSale, getSaleSettings, offerCrypto, operatorApi, pendingOrderId, placeOrder, putSaleSettings } from './operator-api';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

let api: APIRequestContext;
let symbol: string;

test.beforeAll(async () => {
  api = await operatorApi();
  symbol = (await ensureLiveSale(api)).tokenSymbol;
});

test.afterAll(async () => {
  await api.dispose();
});

async function chooseCrypto(page: Page, code: string, search = code.toLowerCase()): Promise<void> {
  await page.getByLabel('Search currencies').fill(search);
  const option = page.getByRole('button', { name: new RegExp(`^${code}\\b`) });
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
}

test('a buyer pays with a crypto and the order page follows the approval without a reload', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('B', 6), '300000');
  const buyer = newBuyer();
  await registerThroughForm(page, buyer);
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(page).toHaveTitle(/ \| Buy Token$/);
  await expect(page.getByRole('heading', { level: 1, name: `Buy ${symbol} TOKEN` })).toBeVisible();

  // The amount starts empty and counts tokens; the swap makes it count the chosen currency.
  await chooseCrypto(page, code);
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveValue('');
  await expect(amount).toHaveAccessibleDescription(symbol);
  await page.getByRole('button', { name: 'Swap amount currency' }).click();
  await expect(amount).toHaveAccessibleDescription(code);
  await page.getByRole('button', { name: 'Swap amount currency' }).click();
  await expect(amount).toHaveAccessibleDescription(symbol);
  await amount.fill('100');

  const panel = page.getByRole('region', { name: 'Your purchase' });
  await expect(panel).toContainText(`Min40 ${symbol}`);
  await expect(panel).toContainText(`Max100,000 ${symbol}`);
  // 100 ÷ 300000, rounded up at 8 decimals (the test coin has 18, as ether).
  await expect(panel).toContainText(`You pay0.00033334 ${code}`);
  await expect(panel).toContainText(`You receive100 ${symbol}`);
  await expect(panel).toContainText(`+5 ${symbol} bonus (5%)`);
  await expect(panel).toContainText('This purchase reaches Bronze');

  await panel.getByRole('button', { name: 'Buy Now!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await expect(dialog).toContainText(`Amount0.00033334 ${code}`);
  await expect(dialog).toContainText(`Receive100 ${symbol}`);
  await expect(dialog).toContainText(`Bonus Tokens5 ${symbol}`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // Step 2 is the quote to confirm; where to pay appears only once the order exists.
  await expect(dialog).toContainText(`Amount to send0.00033334 ${code}`);
  await expect(dialog).toContainText(`Network${code} test coin on Ethereum (chain 1)`);
  await expect(dialog.getByText(E2E_EVM_WALLET)).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Payment QR code' })).toHaveCount(0);
  // Cancel goes back a step; the second Confirm is the one that orders.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // Hold the order request a moment to see the waiting state.
  await page.route('**/api/orders', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Create your Order. Please wait.');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();

  await expect(page).toHaveURL(/\/dashboard\/transaction\?order=[\w-]+$/);
  const publicId = publicIdFrom(page);
  await expect(page).toHaveTitle(/ \| Transaction$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(`Order #${publicId} is waiting for your payment. Send the amount below before the time runs out.`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Payment QR code' })).toBeVisible();
  await expect(page.getByText(E2E_EVM_WALLET).first()).toBeVisible();
  await expect(page.getByText(`Send exactly 0.00033334 ${code}`)).toBeVisible();
  await expect(page.getByText('Ethereum (chain 1)').first()).toBeVisible();
  await expect(page.getByText(/Time left to pay: \d+:\d\d/)).toBeVisible();

  // The operator approves; the open page changes by itself.
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
  const approve = await api.post(`/api/admin/orders/${await pendingOrderId(api, publicId)}/approve`, { data: {} });
  expect(approve.ok(), await approve.text()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await expect(page.getByText(`Order #${publicId} has been successfully completed!`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.getByRole('img', { name: 'Payment QR code' })).toHaveCount(0);

  // 100 tokens and the 5% Bronze bonus.
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText(`105 ${symbol}`);

  await sidebar(page).getByRole('link', { name: `${symbol} Token Hub` }).click();
  await expect(page).toHaveTitle(new RegExp(` \\| ${symbol} Token Hub$`));
  const row = page.getByRole('row').filter({ hasText: `${code}/${symbol}` });
  await expect(row).toContainText(`0.00033334 ${code}`);
  await expect(row).toContainText('Approved');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`order=${publicId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveTitle(/ \| Leaderboard$/);
  for (const column of ['Number', 'Player', 'Deposits', 'Status']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: maskEmail(buyer.email) }).first()).toBeVisible();
  await expect(page.getByText(buyer.email)).toHaveCount(0);
});

test('a rejected order says so live; a transaction hash is checked and saved', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('B', 6), '1000');
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '50' } });
  expect(created.status(), await created.text()).toBe(201);
  const publicId = ((await created.json()) as { id: string }).id;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/dashboard/transaction?order=${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(`Tokens50 ${symbol}`)).toBeVisible();
  await expect(page.getByText(`Bonus+2.5 ${symbol}`)).toBeVisible();

  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_EVM_WALLET);
  await page.getByRole('button', { name: 'Copy amount' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('0.05');

  // A hash of the wrong shape is refused next to the field; a good one is saved with its explorer link.
  const hash = page.getByLabel('Transaction hash');
  await hash.fill('not-a-hash');
  await page.getByRole('button', { name: 'Save hash' }).click();
  await expect(page.getByText('An EVM transaction hash is 0x followed by 64 hex digits.')).toBeVisible();
  const good = `0x${'ab'.repeat(32)}`;
  await hash.fill(good);
  await page.getByRole('button', { name: 'Save hash' }).click();
  await expect(page.getByText('Transaction hash saved')).toBeVisible();
  await expect(page.getByText(good)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View on explorer' })).toHaveAttribute('href', `https://etherscan.io/tx/${good}`);

  const reject = await api.post(`/api/admin/orders/${await pendingOrderId(api, publicId)}/reject`, { data: {} });
  expect(reject.ok(), await reject.text()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction rejected' })).toBeVisible();
  await expect(
    page.getByText(`Unfortunately, your transaction #${publicId} could not be processed and has been rejected. Please check your payment details and try again.`),
  ).toBeVisible();
  await expect(page.getByLabel('Transaction hash')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy again' })).toHaveAttribute('href', '/dashboard/buy-token');
});

test('the order page needs an order number that belongs to the buyer', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  await page.goto('/dashboard/transaction');
  await expect(page.getByText('Order number is missing in the URL.')).toBeVisible();

  await page.goto('/dashboard/transaction?order=no-such-order-123');
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(page.getByText("Transaction doesn't exist")).toBeVisible();

  // Someone else's order is as unknown as a made-up one.
  const code = await offerCrypto(api, uniqueCode('B', 6), '1000');
  const { publicId } = await placeOrder(api, code, '60');
  await page.goto(`/dashboard/transaction?order=${publicId}`);
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
});

test('a new buyer sees empty states, the levels and a closed withdrawal', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  await page.goto('/dashboard/my-token');
  await expect(page.getByRole('heading', { level: 1, name: `${symbol} Token Hub` })).toBeVisible();
  await expect(page.getByText('No transactions')).toBeVisible();
  await expect(page.getByRole('link', { name: `Buy ${symbol} Token` })).toHaveAttribute('href', '/dashboard/buy-token');
  await expect(page.getByRole('region', { name: 'Referral' })).toContainText('No referred buyers yet.');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(dialog).toContainText('Claims are closed.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/dashboard/status');
  await expect(page).toHaveTitle(/ \| Status$/);
  await expect(page.getByRole('region', { name: 'Level' })).toContainText('No level yet');
  await page.getByRole('button', { name: /Gold/ }).click();
  await expect(page.getByText(`A single purchase of 500 ${symbol} or more earns a 10% token bonus.`)).toBeVisible();
});

test('an unpaid order expires when its payment window closes, without a reload', async ({ page }) => {
  // This spec's server counts order expiry in seconds, and its expiry job runs every second
  // (playwright.config.ts): the window is long enough to open the page while the order is pending.
  const settings = await getSaleSettings(api);
  expect(settings.orderExpiryUnit).toBe('seconds');
  await putSaleSettings(api, settings, { orderExpiryMinutes: 15 });
  try {
    const code = await offerCrypto(api, uniqueCode('B', 6), '1000');
    await registerThroughApi(page.request, newBuyer());
    const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '60' } });
    expect(created.status(), await created.text()).toBe(201);
    const publicId = ((await created.json()) as { id: string }).id;
    await page.goto(`/dashboard/transaction?order=${publicId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Order expired' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: /Buy again/ })).toBeVisible();
  } finally {
    await putSaleSettings(api, settings, {});
  }
});
