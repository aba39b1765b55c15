// Where a buyer's tokens go (issue 19): a buyer holding tokens is reminded on the dashboard, gives
// the wallet in My Profile (checksum and password checked at their fields), and the Token Hub says
// where the tokens will be delivered.
import { expect, newBuyer, registerThroughApi, test, uniqueCode } from './fixtures';
import { ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';

const WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

test('a buyer holding tokens adds a receiving wallet from the dashboard reminder', async ({ page }) => {
  const api = await operatorApi();
  await ensureLiveSale(api);
  const code = await offerCrypto(api, uniqueCode('WL'));
  const buyer = newBuyer();
  await registerThroughApi(page.request, buyer);
  const made = await page.request.post('/api/orders', { data: { crypto: code, tokens: '150' } });
  const { id } = (await made.json()) as { id: string };
  expect((await api.post(`/api/admin/orders/${await pendingOrderId(api, id)}/approve`, { data: {} })).status()).toBe(200);
  await api.dispose();

  await page.goto('/dashboard');
  const reminder = page.getByRole('region', { name: 'Add your receiving wallet' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('link', { name: 'My Profile' }).click();
  const card = page.locator('#wallet');
  await expect(card.getByText('No wallet yet.')).toBeVisible();

  const address = card.getByLabel('Wallet address');
  const password = card.getByLabel('Current password');
  await address.fill(WALLET.toLowerCase().replace('0xfb69', '0xFB69'));
  await password.fill(buyer.password);
  await card.getByRole('button', { name: 'Save wallet' }).click();
  await expect(card.getByText('The address checksum is wrong: check it for typos.')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  await address.fill(WALLET);
  await password.fill('not my password');
  await card.getByRole('button', { name: 'Save wallet' }).click();
  await expect(card.getByText('Current password is incorrect.')).toBeVisible();

  await password.fill(buyer.password);
  await card.getByRole('button', { name: 'Save wallet' }).click();
  await expect(card.getByText(`Current wallet: ${WALLET}`)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add your receiving wallet' })).toHaveCount(0);
  await page.goto('/dashboard/my-token');
  await expect(page.getByText(WALLET)).toBeVisible();
  await expect(page.getByText(/will be delivered to/)).toBeVisible();
});
