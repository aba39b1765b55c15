// Token delivery (issue 19): the operator sets the token (server checks at the fields), and once the
// sale is over opens a distribution of the buyers' balances, with its files and its buyers.
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { ensureLiveSale, getSaleSettings, offerCrypto, operatorApi, pendingOrderId, putSaleSettings } from './operator-api';

const HOUR = 3600_000;

test('the operator sets the token and opens a distribution once the sale is over', async ({ page }) => {
  const api = await operatorApi();
  try {
    await ensureLiveSale(api);
    const code = await offerCrypto(api, uniqueCode('DS'));
    const buyer = newBuyer();
    await registerThroughApi(page.request, buyer);
    const made = (await (await page.request.post('/api/orders', { data: { crypto: code, tokens: '150' } })).json()) as { id: string };
    expect((await api.post(`/api/admin/orders/${await pendingOrderId(api, made.id)}/approve`, { data: {} })).status()).toBe(200);
    await page.context().clearCookies();

    await signInAsOperator(page);
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Distribution' }).click();
    await expect(page.getByRole('heading', { name: 'Distribution', level: 1 })).toBeVisible();
    await expect(page.getByText('A distribution can be opened once the sale has ended or sold out.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open a distribution' })).toBeDisabled();

    const token = page.getByRole('form', { name: 'Token' });
    await token.getByLabel('Token contract').fill('0x5AAeb6053f3e94c9b9a09f33669435e7ef1beaed');
    await token.getByRole('button', { name: 'Save token' }).click();
    await expect(token.getByText('The address checksum is wrong: check it for typos.')).toBeVisible();
    await token.getByLabel('Token contract').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await token.getByLabel('Decimals').fill('18');
    await token.getByRole('button', { name: 'Save token' }).click();
    await expect(page.getByText('Token saved')).toBeVisible();

    const settings = await getSaleSettings(api);
    await putSaleSettings(api, settings, { startsAt: new Date(Date.now() - 48 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() });
    await page.reload();
    await page.getByRole('button', { name: 'Open a distribution' }).click();
    await expect(page.getByText('Distribution opened')).toBeVisible();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Distribution \d+$/ }) }).first();
    await expect(item.getByRole('link', { name: 'Multisend CSV' })).toHaveAttribute('href', /\/api\/admin\/distributions\/\d+\/multisend\.csv$/);
    await item.getByRole('button', { name: 'Show buyers' }).click();
    const row = item.getByRole('row').filter({ hasText: buyer.email });
    await expect(row).toContainText('missing');
    await expect(page.getByRole('button', { name: 'Open a distribution' })).toBeDisabled();
  } finally {
    await ensureLiveSale(api);
    await api.dispose();
  }
});
