// The operator team in the browser (issue 15): an Owner adds a Viewer, who signs in with the
// one-time password shown once, must choose their own first, and then sees no actions they may
// not take.
import { expect, signInAsOperator, test, uniqueCode } from './fixtures';

test('an Owner adds a Viewer, who chooses their own password and sees no decisions', async ({ page, browser }) => {
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
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText('operator.password_changed');
  await page.getByLabel('Kind of change').selectOption('operator.disabled');
  await page.getByLabel('Operator').selectOption('e2e-operator');
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText('by e2e-operator (Owner)');
});
