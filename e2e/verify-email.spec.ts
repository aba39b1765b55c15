// A new buyer is asked to verify their address on the dashboard, the link arrives over SMTP (the
// tests' own server on loopback), and opening it verifies the address.
import { expect, newBuyer, registerThroughForm, test } from './fixtures';
import { mailsTo } from './mail';

test('a new buyer verifies their e-mail address from the link sent at registration', async ({ page }) => {
  const buyer = newBuyer();
  await registerThroughForm(page, buyer);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Verify your e-mail address' });
  await expect(banner).toContainText(`We sent a link to ${buyer.email}.`);
  const subject = /^Verify your e-mail address for /;
  const linkIn = (text: string | undefined) => {
    const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0];
    if (!link) throw new Error(`no link in: ${text ?? ''}`);
    const { pathname, search } = new URL(link);
    return pathname + search;
  };
  const first = linkIn((await mailsTo(buyer.email, subject, 1))[0]?.text);

  // A new link replaces the first one.
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${buyer.email}.`);
  const links = (await mailsTo(buyer.email, subject, 2)).map((m) => linkIn(m.text));
  const second = links.find((l) => l !== first) ?? '';
  await page.goto(first);
  await expect(page.getByText(/^This link is not valid any more/)).toBeVisible();
  await page.goto(second);
  await expect(page.getByText(`Your address ${buyer.email} is verified.`)).toBeVisible();

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your e-mail address' })).toHaveCount(0);
});
