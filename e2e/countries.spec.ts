// Countries (issue 34) in the browser: registration asks for the country of residence, and a buyer
// from a restricted country sees why on Buy Token. The default restricted list (Cuba among them) is
// used as it stands: changing it on this shared server would change every other spec's buyers.
import { declaredCountryRefusal } from '../src/contracts/eligibility';
import { expect, newBuyer, registerThroughForm, signInAsOperator, test } from './fixtures';
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

test('an operator corrects a declared country on the user page, and the buyer may order', async ({ page, browser }) => {
  const buyer = newBuyer({ country: 'CU' });
  const context = await browser.newContext();
  const own = await context.newPage();
  await registerThroughForm(own, buyer);
  await expect(own.getByText('Orders are not available to you')).toBeVisible();

  const api = await operatorApi();
  let id: number;
  try {
    id = ((await (await api.get(`/api/admin/users?q=${encodeURIComponent(buyer.email)}`)).json()) as { users: { id: number }[] }).users[0]?.id ?? 0;
  } finally {
    await api.dispose();
  }
  await signInAsOperator(page);
  await page.goto(`/admin/users/${String(id)}`);
  await expect(page.getByText('Country of residence: Cuba')).toBeVisible();
  await page.getByRole('button', { name: 'Change country' }).click();
  const form = page.getByRole('form', { name: 'Change the country of residence' });
  const select = form.getByLabel('Country of residence');
  await expect(select).toHaveValue('CU');
  await select.selectOption('');
  await form.getByRole('button', { name: 'Save country' }).click();
  await expect(select).toHaveAccessibleDescription('Choose your country of residence.');
  await select.selectOption('PT');
  await form.getByRole('button', { name: 'Save country' }).click();
  await expect(page.getByText('Country of residence: Portugal')).toBeVisible();
  await expect(form).toHaveCount(0);

  await own.reload();
  await expect(own.getByRole('heading', { level: 1, name: /^Buy .* TOKEN$/ })).toBeVisible();
  await expect(own.getByText('Orders are not available to you')).toHaveCount(0);
  await context.close();
});
