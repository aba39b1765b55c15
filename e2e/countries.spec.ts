// Countries (issue 34) in the browser: registration asks for the country of residence, and a buyer
// from a restricted country sees why on Buy Token. The default restricted list (Cuba among them) is
// used as it stands: changing it on this shared server would change every other spec's buyers.
import { declaredCountryRefusal } from '../src/contracts/eligibility';
import { expect, newBuyer, registerThroughForm, test } from './fixtures';
import { operatorApi } from './operator-api';

test('registration records the declared country, and a buyer from a restricted country sees the reason on Buy Token', async ({ page }) => {
  const buyer = newBuyer({ country: 'CU' });
  await page.goto('/register');
  await expect(page.getByLabel('Country of residence')).toHaveValue('');
  await registerThroughForm(page, buyer);
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(page.getByText('Orders are not available to you')).toBeVisible();
  await expect(page.getByText(declaredCountryRefusal('CU'))).toBeVisible();
  await expect(page.getByText('Your declared country of residence (Cuba) is restricted by this sale, so you cannot order.')).toBeVisible();

  // The server refuses the order itself, with the same reason.
  const order = await page.request.post('/api/orders', { data: { crypto: 'ETH', tokens: '100' } });
  expect(order.status()).toBe(403);
  expect(((await order.json()) as { error: { message: string } }).error.message).toBe(declaredCountryRefusal('CU'));

  // The operator sees the declared country.
  const api = await operatorApi();
  try {
    const users = (await (await api.get(`/api/admin/users?q=${encodeURIComponent(buyer.email)}`)).json()) as { users: { country: string | null }[] };
    expect(users.users.map((u) => u.country)).toEqual(['CU']);
  } finally {
    await api.dispose();
  }
});

test('a buyer from a country the sale allows sees no country notice', async ({ page }) => {
  await registerThroughForm(page, newBuyer({ country: 'PT' }));
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Buy .* TOKEN$/ })).toBeVisible();
  await expect(page.getByText('Orders are not available to you')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Declare your country of residence to order' })).toHaveCount(0);
});
