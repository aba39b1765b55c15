import { expect, test, type Page } from '@playwright/test';
import { operatorApi } from './operator-api';

const PIXEL_SCRIPT = 'https://connect.facebook.net/**';

/** Counts requests for the pixel library, answering them locally (this machine has no internet). */
async function countPixelLoads(page: Page): Promise<() => number> {
  let loads = 0;
  await page.route(PIXEL_SCRIPT, (route) => {
    loads++;
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* pixel library stand-in */' });
  });
  return () => loads;
}

test.describe('analytics consent', () => {
  let pixelId = 0;

  test.beforeAll(async () => {
    const api = await operatorApi();
    const res = await api.post('/api/admin/pixels', { data: { apiKey: '1029384756', location: '/privacy' } });
    expect(res.status()).toBe(201);
    pixelId = ((await res.json()) as { id: number }).id;
    await api.dispose();
  });

  test.afterAll(async () => {
    const api = await operatorApi();
    await api.delete(`/api/admin/pixels/${pixelId}`);
    await api.dispose();
  });

  test('Decline loads no pixel, and the answer is remembered', async ({ page }) => {
    const loads = await countPixelLoads(page);
    await page.goto('/privacy');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(loads()).toBe(0);
  });

  test('Accept loads the pixel only on pages under its location', async ({ page }) => {
    const loads = await countPixelLoads(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    // Accepted, but / is not under /privacy.
    await expect(page.getByRole('link', { name: 'Purchase Tokens!' })).toBeVisible();
    expect(loads()).toBe(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(loads).toBe(1);
  });
});
