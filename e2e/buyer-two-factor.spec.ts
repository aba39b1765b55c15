// Two-factor sign-in for a buyer (issue 28): turning it on in My Profile asks for the password (the
// server's answer shows at the field), and an Owner can reset it from the buyer's back-office page.
import { expect, newBuyer, registerThroughApi, signInAsOperator, test } from './fixtures';

test('a buyer turns on two-factor sign-in with their password, and an Owner resets it for a lost phone', async ({ page, browser }) => {
  const { TOTP, Secret } = await import('otpauth');
  const buyer = newBuyer();
  const context = await browser.newContext();
  const own = await context.newPage();
  await registerThroughApi(own.request, buyer);
  const { id } = (await (await own.request.get('/api/me')).json()) as { id: number };
  await own.goto('/dashboard/profile');
  await own.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await own.getByLabel('Secret', { exact: true }).textContent()) ?? '';
  const confirm = own.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await confirm.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  const password = confirm.getByLabel('Password', { exact: true });
  await password.fill('not my password at all');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(password).toHaveAccessibleDescription('The password is not right.');
  await password.fill(buyer.password);
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(own.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await context.close();

  await signInAsOperator(page);
  await page.goto(`/admin/users/${String(id)}`);
  await expect(page.getByText('Two-factor sign-in: on')).toBeVisible();
  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.getByText('Two-factor sign-in: off')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset two-factor' })).toHaveCount(0);
});
