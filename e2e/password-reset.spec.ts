// A buyer who forgot their password asks for a link on /login, opens the one that arrived over SMTP
// (a real SMTP server on loopback), sets a new password and signs in with it; the old one no longer
// works, the link works once, and the operator sees both messages in the Outbox.
import { RESET_REQUESTED } from '../src/contracts/mail';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test } from './fixtures';
import { mailTo } from './mail';

test('a buyer resets a forgotten password from the link sent by e-mail', async ({ page, request }) => {
  const buyer = newBuyer();
  await registerThroughApi(request, buyer);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required.');
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_REQUESTED })).toBeVisible();

  const mail = await mailTo(buyer.email, /^Reset your .+ password$/);
  expect(mail.html).toContain('Set a new password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in: ${mail.text ?? ''}`);
  const { pathname, search } = new URL(link);

  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription('Password must be at least 8 characters.');
  const fresh = 'amber lighthouse over quiet fields 9';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm password').fill(fresh);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password was changed, and you were signed out everywhere.')).toBeVisible();

  // The link works once.
  await page.goto(pathname + search);
  await page.getByLabel('New password', { exact: true }).fill('another amber lighthouse 10');
  await page.getByLabel('Confirm password').fill('another amber lighthouse 10');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/^This link is not valid any more/)).toBeVisible();

  // The old password is refused; the new one signs in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard(\/buy-token)?$/);
  await mailTo(buyer.email, /password was changed$/);

  const operator = await page.context().newPage();
  await signInAsOperator(operator);
  await operator.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Outbox' }).click();
  const outbox = operator.getByRole('table', { name: 'Outbox' });
  const row = outbox.getByRole('row').filter({ hasText: buyer.email }).filter({ hasText: /^.*Reset your/ });
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: /^Reset your/ }).click();
  const message = operator.getByRole('dialog');
  await expect(message.getByRole('region', { name: 'Links' })).toContainText('/reset-password?token=');
  await expect(message.getByRole('link', { name: 'Open the HTML' })).toHaveAttribute('href', /\/api\/admin\/outbox\/\d+\/html$/);
});
