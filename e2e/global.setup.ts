// Runs once before the specs, against the server the run just started from an empty data folder: a
// fresh install's sale is unscheduled (issue 28), which visitors see, until the operator saves its
// schedule; then it is live for the specs, as ensureLiveSale keeps it.
import { expect, test as setup } from '@playwright/test';
import type { Sale } from '../src/contracts/sale';
import { ensureLiveSale, getSaleSettings, operatorApi } from './operator-api';

setup('a fresh install opens soon until an operator schedules the sale, then is live', async ({ page }) => {
  const api = await operatorApi();
  expect((await getSaleSettings(api)).scheduled).toBe(false);

  await page.goto('/');
  const card = page.locator('#top');
  await expect(card.getByText('The presale opens soon.')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Purchase Tokens!' })).toHaveCount(0);
  expect((await (await page.request.get('/api/sale')).json()) as Sale).toMatchObject({ state: 'upcoming', scheduled: false, startsAt: null, endsAt: null });

  const settings = await ensureLiveSale(api);
  expect(settings.scheduled).toBe(true);
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Presale ends in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase Tokens!' })).toBeVisible();
  await api.dispose();
});
