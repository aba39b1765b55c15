// A new buyer is asked to verify their address on the dashboard, the link arrives over SMTP (the
// tests' own server on loopback), and opening it verifies the address.
import { expect, newBuyer, registerThroughForm, test } from './fixtures';
import { mailTo } from './mail';

test('a new buyer verifies their e-mail address from the link sent at registration', async ({ page }) => {
  const buyer = newBuyer();
  await registerThroughForm(page, buyer);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Verify your e-mail address' });
  await expect(banner).toContainText(`We sent a link to ${buyer.email}.`);
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${buyer.email}.`);

  // The newer link replaced the first one.
  const mail = await mailTo(buyer.email, /^Verify your e-mail address for /, 2);
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in: ${mail.text ?? ''}`);
  const { pathname, search } = new URL(link);
  await page.goto(pathname + search);
  await expect(page.getByText(`Your address ${buyer.email} is verified.`)).toBeVisible();

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your e-mail address' })).toHaveCount(0);
});
