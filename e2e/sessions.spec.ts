// Sessions in the browser (issue 15): a buyer signed in on two browsers ends the other one from
// My Profile, and that browser is signed out.
import { expect, loginThroughForm, newBuyer, registerThroughApi, test } from './fixtures';

test('a buyer ends the session of another browser from My Profile', async ({ page, browser, request }) => {
  const buyer = newBuyer();
  await registerThroughApi(request, buyer);
  await page.goto('/login');
  await loginThroughForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const other = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
  const phone = await other.newPage();
  await phone.goto('/login');
  await loginThroughForm(phone, buyer.email, buyer.password);
  await expect(phone).toHaveURL(/\/dashboard/);
  await phone.goto('/dashboard/profile');
  await expect(phone.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  await page.goto('/dashboard/profile');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  // Registration signed in too (the API request), then this browser and the phone.
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
  await sessions.getByRole('button', { name: 'End the session of Safari 17 on iOS' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);

  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await other.close();

  await page.getByRole('button', { name: 'End all other sessions' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'End all other sessions' })).toHaveCount(0);
});
