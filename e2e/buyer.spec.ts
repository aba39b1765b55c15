// Buyer accounts in the browser (PRODUCT.md §4): registration, sign-in, the dashboard shell and the
// profile page, including the ways they refuse bad input.
import type { Page } from '@playwright/test';
import { expect, loginThroughForm, newBuyer, registerThroughApi, registerThroughForm, test, uniqueEmail } from './fixtures';

// Each test makes its own buyer: they may run side by side.
test.describe.configure({ mode: 'parallel' });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a visitor registers, sees their dashboard and signs out', async ({ page }) => {
  const buyer = newBuyer({ name: 'Ada Lovelace' });
  await registerThroughForm(page, buyer);

  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy PRE TOKEN' })).toBeVisible();
  await expect(page).toHaveTitle(/ \| Buy Token$/);
  await expect(sidebar(page).getByRole('link', { name: 'Buy Token' })).toHaveAttribute('aria-current', 'page');

  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(/ \| Dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Ada Lovelace');
  await expect(page.getByText(/^Member since/)).toContainText('just now');
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText('0 PRE');
  await expect(balance).toContainText('$0.00');
  await expect(page.getByRole('region', { name: 'Level' })).toContainText('No level yet');
  // Other specs may have sold a little by now: the figure is real, so it is either exact or '< 0.01%'.
  await expect(page.getByRole('region', { name: 'Sale progress' })).toContainText(/(< 0\.01|\d+\.\d{2})%/);
  for (const item of ['Dashboard', 'My Profile', 'Status', 'Buy Token', 'PRE Token Hub', 'How to Buy', 'Leaderboard', 'Documents']) {
    await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('a signed-out visit returns to the wanted page after sign-in; profile and password changes stick', async ({ page, request }) => {
  const buyer = newBuyer({ name: 'Grace Hopper' });
  await registerThroughApi(request, buyer);

  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fprofile$/);
  await expect(page).toHaveTitle(/ \| Login$/);

  await loginThroughForm(page, buyer.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login/);

  await loginThroughForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page).toHaveTitle(/ \| My Profile$/);

  // Personal data.
  await expect(page.getByLabel('Email Address')).toHaveValue(buyer.email);
  await page.getByLabel('Full Name').fill('Grace B. Hopper');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Grace B. Hopper');
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Grace B. Hopper');

  // Password: a mismatch is caught before anything is sent; a wrong current password is refused.
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password', { exact: true }).fill(buyer.password);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret-7');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-secret-8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-secret-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(passwordForm.getByLabel('Current password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, buyer.email, buyer.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await loginThroughForm(page, buyer.email, 'brand-new-secret-7');
  await expect(page).toHaveURL(/\/dashboard\/buy-token$/);
});

// What the form refuses in the browser (differing passwords, a malformed e-mail, a short password)
// is checked in jsdom: src/web/features/auth/components/register-form.test.tsx.
test('a registration with an e-mail already taken shows the server’s reason and creates nothing', async ({ page, request }) => {
  const registerPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/register') registerPosts.push(r.url());
  });

  // An e-mail already taken (in any letter case): the server's message next to the field.
  const existing = newBuyer();
  await registerThroughApi(request, existing);
  const attempt = newBuyer({ email: existing.email.toUpperCase(), password: 'another-secret-9' });
  await registerThroughForm(page, attempt);
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(registerPosts).toHaveLength(1);

  // The refused attempt made no account and changed nothing: its password does not sign in.
  const login = await request.post('/api/auth/login', { data: { email: existing.email, password: attempt.password } });
  expect(login.status()).toBe(401);
});

test('signed-in visitors skip the auth pages; the sidebar collapses, remembers it, and is a drawer on phones', async ({ page, context }) => {
  await registerThroughApi(page.request, newBuyer());

  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);

  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const stateCookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar:state')?.value;
  expect(await stateCookie()).toBe('false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'true');
  expect(await stateCookie()).toBe('true');

  // Phone width: the sidebar is a drawer opened by the same button, closed by following a link.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(drawer).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('sign-in explains a network failure', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
  await loginThroughForm(page, uniqueEmail(), 'whatever-password');
  await expect(page.getByRole('alert')).toHaveText('An error occurred during login.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard warns for a few seconds when the sale ends within a week', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  // The real sale ends later; this page sees one whose configured end is three days away.
  await page.route('**/api/sale', async (route) => {
    const response = await route.fetch();
    const sale = (await response.json()) as { serverTime: string; endsAt: string; state: string };
    const endsAt = new Date(Date.parse(sale.serverTime) + 3 * 24 * 60 * 60 * 1000).toISOString();
    await route.fulfill({ response, json: { ...sale, state: 'live', endsAt } });
  });
  await page.goto('/dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'The presale ends soon' });
  await expect(notice).toContainText('in 3 days');
  await expect(notice).toBeHidden({ timeout: 8000 });

  await page.reload();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden({ timeout: 1000 });
});
