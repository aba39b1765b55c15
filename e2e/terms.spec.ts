// Terms on record (issue 34) in the browser: the current version and its own address, and the box
// registration asks for. Publishing a new version is left to the server tests: on this shared
// server it would ask every other spec's buyers to accept again.
import { expect, newBuyer, test } from './fixtures';

test('the terms show their version and hash, each version has its own address, and registration needs the box', async ({ page }) => {
  const current = (await (await page.request.get('/api/terms')).json()) as { version: number; sha256: string };
  await page.goto('/terms');
  await expect(page.getByText(`Version ${String(current.version)}, published`)).toBeVisible();
  await expect(page.getByText(current.sha256)).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto(`/terms/v/${String(current.version)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
  await expect(page).toHaveTitle(new RegExp(`Terms, version ${String(current.version)}`));

  const buyer = newBuyer();
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(buyer.name);
  await page.getByLabel('Email Address').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Country of residence').selectOption('DE');
  const box = page.getByRole('checkbox', { name: `I accept the Terms (version ${String(current.version)})` });
  await expect(box).not.toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Accept the Terms to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await box.check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  // Accepted at registration: Buy Token does not ask again.
  await expect(page.getByRole('heading', { level: 1, name: /^Buy .* TOKEN$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the Terms' })).toHaveCount(0);
});
