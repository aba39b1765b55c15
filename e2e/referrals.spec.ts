// Referral (issue 31), from the link to the reward: a buyer shares their link from the Token Hub, a
// visitor opens it and registers, the new buyer's order is approved, and the referrer's Token Hub
// shows the referred buyer (masked) and the reward credited by the approval.
import { expect, newBuyer, registerThroughApi, registerThroughForm, test, uniqueCode } from './fixtures';
import { offerCrypto, operatorApi, pendingOrderId } from './operator-api';

test('a referral link leads to a registration whose approved order rewards the referrer', async ({ page, browser }) => {
  const referrer = newBuyer({ email: `referrer-${Date.now()}@example.com` });
  await registerThroughApi(page.request, referrer);
  await page.goto('/dashboard/my-token');
  const card = page.getByRole('region', { name: 'Referral' });
  await expect(card).toContainText('No referred buyers yet.');
  await expect(card.getByRole('img', { name: 'Referral link QR code' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy referral link' })).toBeVisible();
  const link = (await card.getByLabel('Your referral link').textContent()) ?? '';
  expect(link).toMatch(/\/r\/[0-9a-f]{10}$/);

  // A visitor opens the link in a browser of their own, lands on the landing page, and registers.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage).toHaveURL(/\/$/);
  const referred = newBuyer({ email: `zz-referred-${Date.now()}@example.com` });
  await registerThroughForm(visitorPage, referred);
  await expect(visitorPage).toHaveURL(/\/dashboard/);
  const api = await operatorApi();
  const code = await offerCrypto(api, uniqueCode('RF'));
  const order = await visitorPage.request.post('/api/orders', { data: { crypto: code, tokens: '1000' } });
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const approve = await api.post(`/api/admin/orders/${String(await pendingOrderId(api, id))}/approve`, { data: {} });
  expect(approve.status(), await approve.text()).toBe(200);
  await api.dispose();

  await visitorPage.goto('/dashboard/my-token');
  await expect(visitorPage.getByRole('region', { name: 'Referral' })).toContainText(`Referred by ${referrer.email.slice(0, 2)}***@e***.com`);
  await visitor.close();

  await page.reload();
  await expect(card).toContainText(/Rewards earned: 50 \S+/);
  const row = card.getByRole('table', { name: 'Referred buyers' }).getByRole('row').filter({ hasText: 'zz***@e***.com' });
  await expect(row).toContainText('1,000');
  await expect(row).toContainText('Credited');
  await expect(row).toContainText(/50 \S+/);
});
