// Back-office forms: the setup checklist, a currency on another network and the readable audit log.
// (The messages beside the sale and content forms' fields are checked in jsdom, next to each form.)
import type { APIRequestContext } from '@playwright/test';
import type { AdminCrypto } from '../src/contracts/cryptos';
import { expect, signInAsOperator, test, uniqueCode } from './fixtures';
import { E2E_OPERATOR, getSaleSettings, offerCrypto, operatorApi, putSaleSettings } from './operator-api';


/** Sets `enabled` on a crypto through the API, keeping everything else. */
async function setEnabled(api: APIRequestContext, c: AdminCrypto, enabled: boolean) {
  const res = await api.put(`/api/admin/cryptos/${c.code}`, {
    data: {
      fullName: c.name,
      network: c.network,
      chainId: c.chainId,
      tokenContract: c.tokenContract,
      decimals: c.decimals,
      priceFeedId: c.priceFeedId,
      rateSource: c.rateSource,
      rate: c.rate ?? '1',
      address: c.address,
      enabled,
    },
  });
  if (!res.ok()) throw new Error(`PUT /api/admin/cryptos/${c.code}: ${res.status()} ${await res.text()}`);
}

test.describe('back-office forms', () => {
  test('shows the setup checklist until a crypto is offered', async ({ page }) => {
    const api = await operatorApi();
    // Other flows may have left cryptos on offer: take them off for this test, and put them back after.
    const { cryptos } = (await (await api.get('/api/admin/cryptos')).json()) as { cryptos: AdminCrypto[] };
    const offered = cryptos.filter((c) => c.offered);
    for (const c of offered) await setEnabled(api, c, false);
    try {
      await signInAsOperator(page);
      const checklist = page.getByRole('list', { name: 'Setup steps' });
      await expect(page.getByRole('heading', { name: 'Setup checklist' })).toBeVisible();
      const cryptoStep = checklist.getByRole('listitem').filter({ hasText: 'Offer at least one cryptocurrency' });
      await expect(cryptoStep).toContainText('(to do)');
      await expect(cryptoStep).toContainText('buyers cannot pay');
      await expect(cryptoStep.getByRole('link', { name: 'Go to Add a currency' })).toBeVisible();

      const code = await offerCrypto(api, uniqueCode('SU'));
      await page.reload();
      await expect(cryptoStep).toContainText('(done)');
      await expect(cryptoStep).toContainText(code);
      // The password step stays open (no operator has changed theirs here), so the list stays.
      await expect(checklist.getByRole('listitem').filter({ hasText: 'Change the operator password' })).toContainText('(to do)');
      await expect(checklist.getByRole('link', { name: 'Go to Change Pass' })).toHaveAttribute('href', '/admin/change-password');
    } finally {
      for (const c of offered) await setEnabled(api, c, true);
      await api.dispose();
    }
  });

  test('adds a currency on a network other than EVM', async ({ page }) => {
    await signInAsOperator(page);
    const code = uniqueCode('BT');
    await page.getByLabel('Currency').fill(code);
    await page.getByLabel('Full name').fill('Bitcoin test coin');
    await page.getByLabel('Network').selectOption('bitcoin');
    await expect(page.getByLabel('Chain id')).toHaveCount(0);
    await page.getByLabel('Or rate in tokens', { exact: true }).fill('4000000');
    await page.getByLabel('Address', { exact: true }).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await page.getByRole('button', { name: 'Add crypto' }).click();
    await expect(page.getByText(`${code} added`)).toBeVisible();
    const row = page.getByRole('table', { name: 'All currencies' }).getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Bitcoin test coin');

    const api = await operatorApi();
    const { cryptos } = (await (await api.get('/api/admin/cryptos')).json()) as { cryptos: AdminCrypto[] };
    expect(cryptos.find((c) => c.code === code)).toMatchObject({ network: 'bitcoin', chainId: null });
    await api.delete(`/api/admin/cryptos/${code}`);
    await api.dispose();
  });

  test('the audit log shows a sale update as a readable change and filters by kind', async ({ page }) => {
    const api = await operatorApi();
    const settings = await getSaleSettings(api);
    const note = `Delivery after listing ${Date.now()}.`;
    await putSaleSettings(api, settings, { deliveryNote: note });
    await api.put('/api/admin/main-currency', { data: { priceUsd: '0.01' } });
    try {
      await signInAsOperator(page);
      await page.goto('/admin/audit');
      await page.getByLabel('Kind of change').selectOption('sale.updated');
      const log = page.getByRole('list', { name: 'Audit log' });
      await expect(log.getByRole('listitem').filter({ hasText: 'Token price changed' })).toHaveCount(0);
      const entry = log.locator(':scope > li').first();
      await expect(entry).toContainText('Sale settings changed');
      await expect(entry).toContainText(`by ${E2E_OPERATOR.login}`);
      // Collapsed by default: the changed fields show once opened.
      const changes = entry.getByRole('list', { name: 'Changed fields' });
      await expect(changes).toBeHidden();
      await entry.getByText(/fields? changed$/).click();
      await expect(changes.getByRole('listitem').filter({ hasText: 'deliveryNote' })).toContainText(`${settings.deliveryNote} → ${note}`);
      await expect(changes).not.toContainText('tokenName');
    } finally {
      await putSaleSettings(api, await getSaleSettings(api), { deliveryNote: settings.deliveryNote });
      await api.dispose();
    }
  });
});
