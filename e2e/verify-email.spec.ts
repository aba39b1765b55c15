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

test('a buyer moves their account to a new address by the link sent there; the old address is told', async ({ page }) => {
  const buyer = newBuyer();
  await registerThroughForm(page, buyer);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/profile');
  const newAddress = `moved.${buyer.email}`;
  const personal = page.getByRole('form', { name: 'Personal data' });
  await personal.getByLabel('Email Address').fill(newAddress);
  await personal.getByRole('button', { name: 'Save changes' }).click();
  // The current password is asked for, next to its field.
  await expect(personal.getByText('Enter your current password to change your e-mail address.')).toBeVisible();
  await personal.getByLabel('Current password', { exact: true }).fill(buyer.password);
  await personal.getByRole('button', { name: 'Save changes' }).click();
  const waiting = page.getByRole('region', { name: 'E-mail change waiting' });
  await expect(waiting).toContainText(`We sent a link to ${newAddress}.`);
  await expect(page.getByLabel('Email Address')).toHaveValue(buyer.email);

  const notice = await mailsTo(buyer.email, / e-mail address was requested$/);
  expect(notice[0]?.text).toContain(newAddress);
  const [link] = await mailsTo(newAddress, /^Confirm your new e-mail address for /);
  const url = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(link?.text ?? '')?.[0] ?? '';
  const { pathname, search } = new URL(url);
  await page.goto(pathname + search);
  await expect(page.getByText(`Your address is now ${newAddress}. Sign in with it from now on.`)).toBeVisible();

  await page.goto('/dashboard/profile');
  await expect(page.getByLabel('Email Address')).toHaveValue(newAddress);
  await expect(page.getByRole('region', { name: 'E-mail change waiting' })).toHaveCount(0);
});
