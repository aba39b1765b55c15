// Checkout order-first (PRODUCT.md §4): the Payment Process dialog confirms a quote and creates the
// order; only then does the order page show where to pay. The order page then follows the payment
// (awaiting → processing → the operator's decision with its note), an approved order has a printable
// receipt, and the dialog, the skip link and route changes behave for keyboard and phone users.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueCode, newBuyer, publicIdFrom, registerThroughApi, test } from './fixtures';
import { E2E_EVM_WALLET, ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';


let api: APIRequestContext;
let symbol: string;

test.beforeAll(async () => {
  api = await operatorApi();
  symbol = (await ensureLiveSale(api)).tokenSymbol;
});

test.afterAll(async () => {
  await api.dispose();
});

/** On Buy Token: picks the crypto and asks for `tokens` tokens; returns the Buy Now! button. */
async function prepareBuy(page: Page, code: string, tokens: string) {
  await page.goto('/dashboard/buy-token');
  await page.getByLabel('Search currencies').fill(code.toLowerCase());
  const option = page.getByRole('button', { name: new RegExp(`^${code}\\b`) });
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
  // The amount counts tokens when its badge (its description) shows the token symbol.
  const amount = page.getByLabel('Amount', { exact: true });
  const description = await amount.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
  if (description.trim() !== symbol) await page.getByRole('button', { name: 'Swap amount currency' }).click();
  await expect(amount).toHaveAccessibleDescription(symbol);
  await amount.fill(tokens);
  const buy = page.getByRole('region', { name: 'Your purchase' }).getByRole('button', { name: 'Buy Now!' });
  await expect(buy).toBeEnabled();
  return buy;
}

test('step 2 confirms the quote without payment details; the order page shows them and follows the payment', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('C', 6), '300000');
  await registerThroughApi(page.request, newBuyer());
  const buy = await prepareBuy(page, code, '100');
  await buy.click();

  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await expect(dialog).toContainText(`Receive100 ${symbol}`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Step 2 of 2: confirm your order.');
  const quote = dialog.getByRole('definition');
  await expect(dialog).toContainText(`Amount to send0.00033334 ${code}`);
  await expect(dialog).toContainText(`Tokens100 ${symbol}`);
  await expect(dialog).toContainText(`Bonus+5 ${symbol}`);
  await expect(dialog).toContainText(`Network${code} test coin on Ethereum (chain 1)`);
  expect(await quote.count()).toBe(4);
  // No payment details before the order exists.
  await expect(dialog.getByText(E2E_EVM_WALLET)).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Payment QR code' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Copy address' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transaction\?order=[\w-]+$/);
  const publicId = publicIdFrom(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(`Order #${publicId} is waiting for your payment. Send the amount below before the time runs out.`)).toBeVisible();
  await expect(page.getByText('Processing Transaction')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Payment QR code' })).toBeVisible();
  await expect(page.getByText(E2E_EVM_WALLET).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();
  await expect(page.getByText(/Time left to pay: \d+:\d\d/)).toBeVisible();

  // The buyer attaches the payment's hash: the page says it is being processed and keeps the hash.
  const hash = `0x${'cd'.repeat(32)}`;
  await page.getByLabel('Transaction hash').fill(hash);
  await page.getByRole('button', { name: 'Save hash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processing Transaction' })).toBeVisible();
  await expect(page.getByText(`Order #${publicId} is being processed. Please wait.`)).toBeVisible();
  await expect(page.getByLabel('Transaction hash')).toHaveCount(0);
  await expect(page.getByText(hash)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View on explorer' })).toHaveAttribute('href', `https://etherscan.io/tx/${hash}`);

  // The operator rejects with a note; the open page shows it without a reload.
  const note = 'No payment with this hash reached our wallet.';
  const reject = await api.post(`/api/admin/orders/${await pendingOrderId(api, publicId)}/reject`, { data: { note } });
  expect(reject.ok(), await reject.text()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction rejected' })).toBeVisible();
  const noteBox = page.getByRole('region', { name: 'Note from the operator' });
  await expect(noteBox).toContainText(note);
  await expect(page.getByRole('link', { name: 'Receipt' })).toHaveCount(0);
});

test('a refused order is explained inside the dialog', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('C', 6), '300000');
  await registerThroughApi(page.request, newBuyer());
  const buy = await prepareBuy(page, code, '100');
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The currency is withdrawn while the buyer decides.
  await page.route('**/api/orders', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'conflict', message: 'This cryptocurrency is not available right now.' } }) }),
  );
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The order was not created.');
  await expect(alert).toContainText('This cryptocurrency is not available right now.');
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
});

test('an approved order has a printable receipt with the credited tokens', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('C', 6), '1000');
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '50' } });
  expect(created.status(), await created.text()).toBe(201);
  const publicId = ((await created.json()) as { id: string }).id;

  // Before approval there is no receipt.
  await page.goto(`/dashboard/receipt?order=${publicId}`);
  await expect(page.getByText(`A receipt is available once the order is approved. Order #${publicId} is not approved.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receipt' })).toHaveCount(0);

  const approve = await api.post(`/api/admin/orders/${await pendingOrderId(api, publicId)}/approve`, { data: {} });
  expect(approve.ok(), await approve.text()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/receipt\\?order=${publicId}$`));
  await expect(page).toHaveTitle(/ \| Receipt$/);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(`Order #${publicId}`);
  await expect(receipt).toContainText(`Crypto${code} test coin (${code})`);
  await expect(receipt).toContainText('NetworkEthereum (chain 1)');
  await expect(receipt).toContainText(`Amount paid0.05 ${code}`);
  await expect(receipt).toContainText(`Tokens50 ${symbol}`);
  await expect(receipt).toContainText(`Bonus+2.5 ${symbol}`);
  await expect(receipt).toContainText(`Total credited52.5 ${symbol}`);
  await expect(receipt).toContainText('StatusApproved');
  const sale = (await (await page.request.get('/api/sale')).json()) as { token: { name: string } };
  await expect(receipt).toContainText(`${sale.token.name} sale`);

  // Printed, the page is the receipt alone.
  const print = page.getByRole('button', { name: 'Print' });
  await expect(print).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    (window as unknown as { printed?: boolean }).printed = false;
    window.print = () => {
      (window as unknown as { printed?: boolean }).printed = true;
    };
  });
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
});

test('Esc closes the payment dialog and gives focus back to Buy Now!', async ({ page }) => {
  const code = await offerCrypto(api, uniqueCode('C', 6), '300000');
  await registerThroughApi(page.request, newBuyer());
  const buy = await prepareBuy(page, code, '100');
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(buy).toBeFocused();

  // From step 2 as well.
  await buy.press('Enter');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(buy).toBeFocused();
});

test('the dashboard has a skip link, and loads without router warnings', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await registerThroughApi(page.request, newBuyer());
  await page.goto('/dashboard/how-to-buy');
  await expect(page.getByRole('main')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
});

test('on a phone, the order page opens at the top after confirming', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const code = await offerCrypto(api, uniqueCode('C', 6), '300000');
  await registerThroughApi(page.request, newBuyer());
  const buy = await prepareBuy(page, code, '100');
  await buy.scrollIntoViewIfNeeded();
  await buy.click();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeInViewport();
});
