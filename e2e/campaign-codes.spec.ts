// Campaign codes (issue 31), as a buyer meets one: the code entered on Buy Token shows its bonus in
// the quote and the Payment Process dialog, the order is made with it, and the approval credits the
// bonus, listed on the order's page and counted on the Referrals page and /transparency.
import { expect, newBuyer, registerThroughApi, test, uniqueCode } from './fixtures';
import { ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';

test('a campaign code entered on Buy Token shows its bonus before Confirm and is credited at approval', async ({ page }) => {
  const api = await operatorApi();
  const symbol = (await ensureLiveSale(api)).tokenSymbol;
  const crypto = await offerCrypto(api, uniqueCode('CC', 6));
  const code = uniqueCode('SPRING', 6);
  const created = await api.post('/api/admin/campaign-codes', {
    data: { code, buyerPercent: '10', referrerPercent: '0', referrerEmail: '', usageLimit: '5', endsAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);

  await registerThroughApi(page.request, newBuyer());
  await page.goto('/dashboard/buy-token');
  await page.getByLabel('Amount', { exact: true }).fill('1000');
  await page.getByLabel('Search currencies').fill(crypto.toLowerCase());
  await page.getByRole('button', { name: new RegExp(`^${crypto}\\b`) }).click();
  const field = page.getByLabel('Campaign code');
  await field.fill('no-such-code');
  await expect(field).toHaveAccessibleDescription('This campaign code does not exist.');
  await field.fill(code.toLowerCase());
  const panel = page.getByRole('region', { name: 'Your purchase' });
  await expect(panel).toContainText(`+100 ${symbol} campaign bonus (${code}, 10%)`);

  await panel.getByRole('button', { name: 'Buy Now!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Process' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText(`Campaign bonus+100 ${symbol} (${code}, 10%)`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transaction\?order=/);
  const publicId = new URL(page.url()).searchParams.get('order') ?? '';

  const approve = await api.post(`/api/admin/orders/${String(await pendingOrderId(api, publicId))}/approve`, { data: {} });
  expect(approve.status(), await approve.text()).toBe(200);
  await page.reload();
  await expect(page.getByText(/Campaign bonus/)).toBeVisible();

  const listed = (await (await api.get('/api/admin/campaign-codes')).json()) as { codes: { code: string; uses: number; buyerTokens: string }[] };
  expect(listed.codes.find((c) => c.code === code)).toMatchObject({ uses: 1, buyerTokens: '100' });
  await api.dispose();

  await page.goto('/transparency');
  await expect(page.getByText('Campaign rewards')).toBeVisible();
});
