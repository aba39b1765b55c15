import type { Locator, Page } from '@playwright/test';
import { expect, signInAsOperator, test, uniqueCode } from './fixtures';
import { E2E_OPERATOR, newRequestContext, offerCrypto, operatorApi } from './operator-api';
import { registrationBody } from './terms';

/** A hash of its own per order: one transaction pays one order. */
const newTxHash = () => `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

/** A buyer with a known name and e-mail orders and saves a tx hash; returns the order's public id and USD value. */
async function orderWithHash(crypto: string, email: string): Promise<{ id: string; usdAmount: string; txHash: string }> {
  const txHash = newTxHash();
  const buyer = await newRequestContext();
  const reg = await buyer.post('/api/auth/register', { data: await registrationBody(buyer, { name: 'Drawer Buyer', email, password: 'drawer-buyer-pass' }) });
  expect(reg.ok(), await reg.text()).toBe(true);
  const order = await buyer.post('/api/orders', { data: { crypto, tokens: '150' } });
  expect(order.ok(), await order.text()).toBe(true);
  const { id, usdAmount } = (await order.json()) as { id: string; usdAmount: string };
  const hash = await buyer.post(`/api/orders/${id}/tx-hash`, { data: { txHash } });
  expect(hash.ok(), await hash.text()).toBe(true);
  await buyer.dispose();
  return { id, usdAmount, txHash };
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search by order id, e-mail or tx hash').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The element lies wholly inside the viewport, and neither the page nor the table scrolls sideways. */
async function expectReachable(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('table[aria-label="All transactions"]')?.parentElement;
    return { page: document.documentElement.scrollWidth - window.innerWidth, table: table ? table.scrollWidth - table.clientWidth : -1 };
  });
  expect(overflow).toEqual({ page: 0, table: 0 });
}

test.describe('back-office transactions', () => {
  test('finds an order by e-mail and by id, shows it in the drawer, and approves it there', async ({ page }) => {
    const api = await operatorApi();
    const code = await offerCrypto(api, uniqueCode('DR'));
    const email = `drawer-${Date.now()}@example.com`;
    const { id, usdAmount, txHash } = await orderWithHash(code, email);
    await api.dispose();

    await signInAsOperator(page);
    await page.goto('/admin/transactions');
    const table = page.getByRole('table', { name: 'All transactions' });
    const rowOf = (orderId: string) => table.getByRole('row').filter({ hasText: orderId });

    await search(page, email.toUpperCase());
    await expect(table.getByRole('row')).toHaveCount(2);
    // The whole id, never cut short.
    await expect(rowOf(id).getByRole('button', { name: id, exact: true })).toHaveText(id);
    await search(page, 'no-such-order-anywhere');
    await expect(page.getByText('No transactions match “no-such-order-anywhere”.')).toBeVisible();
    await search(page, txHash.slice(0, 14));
    await expect(table.getByRole('row')).toHaveCount(2);
    await search(page, id);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rowOf(id)).toContainText('Pending');

    // A click on the row opens its details.
    await rowOf(id).getByText('Pending').click();
    const drawer = page.getByRole('dialog', { name: `Order ${id}` });
    await expect(drawer).toBeVisible();
    const buyer = drawer.getByRole('region', { name: 'Buyer' });
    await expect(buyer).toContainText('Drawer Buyer');
    await expect(buyer).toContainText(email);
    const amounts = drawer.getByRole('region', { name: 'Amounts' });
    await expect(amounts).toContainText(code);
    await expect(amounts).toContainText('150');
    // The USD value the server computed (it depends on the token price of the moment).
    await expect(amounts).toContainText(`$${Number(usdAmount).toFixed(2)}`);
    const payment = drawer.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText(txHash);
    await expect(payment.getByRole('link', { name: /View on the explorer/ })).toHaveAttribute('href', `https://etherscan.io/tx/${txHash}`);
    await expect(drawer.getByRole('region', { name: 'History' })).toContainText('Expires');

    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve payment' });
    await approve.getByLabel('Note (optional)').fill('Seen on chain from the drawer');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Payment approved')).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Decision note' })).toContainText('Seen on chain from the drawer');
    await expect(drawer.getByRole('region', { name: 'History' })).toContainText(`by ${E2E_OPERATOR.login}`);
    await expect(drawer.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(rowOf(id)).toContainText('Approved');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 800 },
  ]) {
    test(`keeps Approve within reach at ${String(viewport.width)} px`, async ({ page }) => {
      const api = await operatorApi();
      const code = await offerCrypto(api, uniqueCode('VW'));
      const { id } = await orderWithHash(code, `reach-${String(viewport.width)}-${Date.now()}@example.com`);
      await api.dispose();
      await page.setViewportSize(viewport);
      await signInAsOperator(page);
      await page.goto('/admin/transactions');
      const row = page.getByRole('table', { name: 'All transactions' }).getByRole('row').filter({ hasText: id });
      await expect(row).toContainText('Pending');
      await expect(row.getByRole('button', { name: id, exact: true })).toBeVisible();

      const actions = row.getByRole('button', { name: `Actions for order ${id}` });
      await expectReachable(page, actions);
      await actions.click();
      await expectReachable(page, page.getByRole('menuitem', { name: 'Approve payment' }));
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: id, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: `Order ${id}` });
      await expectReachable(page, drawer.getByRole('button', { name: 'Approve', exact: true }));
      await expectReachable(page, drawer.getByRole('button', { name: 'Reject', exact: true }));
    });
  }
});
