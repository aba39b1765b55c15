// The withdrawal right (issue 34, decision 040), from the buyer's request to the operator's refund:
// with the right on, an approved order shows its deadline and a Withdraw action; the buyer confirms,
// the operator records the refund on the Withdrawals page, and the order shows it withdrawn with the
// refund. The setting changes every order page, so this spec runs on a settings server.
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { offerCrypto, operatorApi, pendingOrderId } from './operator-api';

const REFUND_TX = `0x${'c4'.repeat(32)}`;

test('a buyer withdraws an approved order, the operator records the refund, and the order shows it withdrawn', async ({ page, browser }) => {
  const api = await operatorApi();
  const turnedOn = await api.put('/api/admin/withdrawals/settings', { data: { enabled: true, days: 14 } });
  expect(turnedOn.status(), await turnedOn.text()).toBe(200);
  try {
    const code = await offerCrypto(api, uniqueCode('WD'));
    const buyer = newBuyer();
    await registerThroughApi(page.request, buyer);
    const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '1000' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const approved = await api.post(`/api/admin/orders/${String(await pendingOrderId(api, id))}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.goto(`/dashboard/transaction?order=${id}`);
    const card = page.getByRole('region', { name: 'Withdrawal' });
    await expect(card).toContainText('You may withdraw this order until');
    await card.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('dialog', { name: `Withdraw order #${id}?` });
    await confirm.getByRole('button', { name: 'Withdraw order' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toContainText('You asked to withdraw this order');
    await expect(card.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await signInAsOperator(operator);
    await operator.goto('/admin/withdrawals');
    const row = operator.getByRole('table', { name: 'Withdrawal requests' }).getByRole('row').filter({ hasText: `#${id}` });
    await expect(row).toContainText('Requested');
    await row.getByRole('button', { name: `Record refund for order #${id}` }).click();
    const dialog = operator.getByRole('dialog', { name: 'Record refund' });
    await dialog.getByLabel(/Amount refunded/).fill('0.0033');
    await dialog.getByLabel('Refund transaction hash').fill(REFUND_TX);
    await dialog.getByLabel('Note').fill('Sent back from the sale wallet.');
    await dialog.getByRole('button', { name: 'Record refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Refunded');
    await expect(row).toContainText(REFUND_TX);
    await operatorContext.close();

    await page.reload();
    await expect(page.getByText('Order withdrawn')).toBeVisible();
    await expect(card).toContainText(`0.0033 ${code}`);
    await expect(card).toContainText(REFUND_TX);
    await expect(card).toContainText('Sent back from the sale wallet.');
    await expect(page.getByText('Withdrawn tokens')).toBeVisible();
  } finally {
    await api.put('/api/admin/withdrawals/settings', { data: { enabled: false, days: 14 } });
    await api.dispose();
  }
});
