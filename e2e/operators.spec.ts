// The operator team in the browser (issue 15): an Owner adds a Viewer, who signs in with the
// one-time password shown once, must choose their own first, and then sees no actions they may
// not take.
import { expect, signInAsOperator, test, uniqueCode } from './fixtures';

// Each test adds its own operator: they may run side by side.
test.describe.configure({ mode: 'parallel' });

test('an Owner adds a Viewer, who chooses their own password and sees no decisions', async ({ page, browser }) => {
  // Two sign-ins, a password change and nine back-office pages: under CI's load it passed the
  // default minute twice, each step within its own wait.
  test.slow();
  await signInAsOperator(page);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add an operator' });
  const login = uniqueCode('viewer-', 6).toLowerCase();
  await form.getByLabel('Login').fill('x y');
  await form.getByLabel('Role').selectOption('viewer');
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(form.getByText('Login may hold letters, digits and . _ @ - only.')).toBeVisible();
  await form.getByLabel('Login').fill(login);
  await form.getByRole('button', { name: 'Add operator' }).click();
  const dialog = page.getByRole('dialog', { name: `One-time password for ${login}` });
  const oneTimePassword = (await dialog.getByLabel('One-time password').textContent()) ?? '';
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(20);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: new RegExp(login) })).toContainText('Viewer');
  await expect(page.getByRole('row', { name: new RegExp(login) })).toContainText('Password to choose');

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto('/admin/login');
  await viewer.getByLabel('Login', { exact: true }).fill(login);
  await viewer.getByLabel('Password', { exact: true }).fill(oneTimePassword);
  await viewer.getByRole('button', { name: 'Login' }).click();
  // Choosing their own password comes first.
  await expect(viewer.getByText('You signed in with a one-time password.')).toBeVisible();
  await viewer.goto('/admin/transactions');
  await expect(viewer).toHaveURL(/\/admin\/change-password$/);
  await viewer.getByLabel('Login').fill(login);
  await viewer.getByLabel('Old password').fill(oneTimePassword);
  await viewer.getByLabel('New password', { exact: true }).fill('a ledger of quiet herons');
  await viewer.getByLabel('Confirm new password').fill('a ledger of quiet herons');
  await viewer.getByRole('button', { name: 'Change password' }).click();
  await expect(viewer.getByText('Password changed')).toBeVisible();
  await expect(viewer.getByText('You signed in with a one-time password.')).toHaveCount(0);

  await viewer.goto('/admin/transactions');
  await expect(viewer.getByRole('heading', { level: 1, name: 'All Transactions' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /^Actions for order/ })).toHaveCount(0);
  await viewer.goto('/admin/sale');
  await expect(viewer.getByLabel('Token name')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Save sale settings' })).toHaveCount(0);
  await viewer.goto('/admin');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Crypto management' })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Add a currency' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await viewer.goto('/admin/operators');
  await expect(viewer.getByRole('form', { name: 'Add an operator' })).toHaveCount(0);
  await expect(viewer.getByText(`${login} (Viewer)`)).toBeVisible();
  await context.close();

  // The Owner disables them.
  await page.getByRole('row', { name: new RegExp(login) }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('row', { name: new RegExp(login) })).toContainText('Disabled');

  // The audit log names who did it, with their role, and filters by operator.
  await page.goto('/admin/audit');
  await page.getByLabel('Operator').selectOption(login);
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText(`by ${login} (Viewer)`);
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText('Password changed');
  await page.getByLabel('Kind of change').selectOption('operator.disabled');
  await page.getByLabel('Operator').selectOption('e2e-operator');
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText('by e2e-operator (Owner)');
});

test('an operator turns on two-factor sign-in with a code from the app, then signs in with one', async ({ page, browser }) => {
  const { TOTP, Secret } = await import('otpauth');
  await signInAsOperator(page);
  await page.goto('/admin/operators');
  const login = uniqueCode('twofa-', 6).toLowerCase();
  const form = page.getByRole('form', { name: 'Add an operator' });
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Role').selectOption('approver');
  await form.getByRole('button', { name: 'Add operator' }).click();
  const oneTimePassword = (await page.getByRole('dialog').getByLabel('One-time password').textContent()) ?? '';

  const context = await browser.newContext();
  const op = await context.newPage();
  const signIn = async (password: string) => {
    await op.goto('/admin/login');
    await op.getByLabel('Login', { exact: true }).fill(login);
    await op.getByLabel('Password', { exact: true }).fill(password);
    await op.getByRole('button', { name: 'Login' }).click();
  };
  await signIn(oneTimePassword);
  await op.getByLabel('Login').fill(login);
  await op.getByLabel('Old password').fill(oneTimePassword);
  await op.getByLabel('New password', { exact: true }).fill('a ledger of quiet herons');
  await op.getByLabel('Confirm new password').fill('a ledger of quiet herons');
  await op.getByRole('button', { name: 'Change password' }).click();
  await expect(op.getByText('Password changed')).toBeVisible();

  await op.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await op.getByLabel('Secret', { exact: true }).textContent()) ?? '';
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const confirm = op.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await confirm.getByLabel('Code from the app').fill(totp.generate({ timestamp: Date.now() + 5 * 30_000 }));
  // Turning it on asks for the password: the server's answer shows at the field.
  const password = confirm.getByLabel('Password', { exact: true });
  await password.fill('not the password at all');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(password).toHaveAccessibleDescription('The password is not right.');
  await password.fill('a ledger of quiet herons');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(confirm.getByText('This code is not valid: check the time on your device, or use a recovery code.')).toBeVisible();
  const now = Date.now();
  await confirm.getByLabel('Code from the app').fill(totp.generate({ timestamp: now }));
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(op.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(op.getByText('On. 10 of 10 recovery codes left.')).toBeVisible();

  await op.getByRole('button', { name: 'Log out' }).click();
  await signIn('a ledger of quiet herons');
  const code = op.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(totp.generate({ timestamp: now + 30_000 }));
  await op.getByRole('button', { name: 'Login' }).click();
  await expect(op.getByRole('heading', { level: 1, name: 'Crypto management' })).toBeVisible();
  await context.close();

  // The Owner sees it on the Operators page, and may reset it for a lost device.
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(login) });
  await expect(row).toContainText('Two-factor');
  await row.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(row).not.toContainText('Two-factor');
});
