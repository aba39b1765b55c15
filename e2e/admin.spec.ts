import { expect, signInAsOperator, test, uniqueCode } from './fixtures';
import { E2E_OPERATOR, offerCrypto, operatorApi, placeOrder } from './operator-api';
import { registrationBody } from './terms';


test.describe('back-office', () => {
  test('sends signed-out visitors to the login card and back after signing in', async ({ page }) => {
    await page.goto('/admin/sale');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fsale$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login is required.')).toBeVisible();
    await page.getByLabel('Login', { exact: true }).fill(E2E_OPERATOR.login);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    // The server's own message, not a generic one.
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login or password.' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(E2E_OPERATOR.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/sale$/);
    await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toBeVisible();
  });

  test('adds a crypto after refusing bad input, and sets the ERC-20 wallet', async ({ page }) => {
    await signInAsOperator(page);
    const add = page.getByRole('button', { name: 'Add crypto' });
    await page.getByLabel('Currency').fill('x');
    await page.getByLabel('Or rate in tokens', { exact: true }).fill('-3');
    await add.click();
    await expect(page.getByText('Currency must be at least 2 characters.')).toBeVisible();
    await expect(page.getByText('Rate must be a positive number.')).toBeVisible();
    await expect(page.getByText('Full name must be at least 2 characters.')).toBeVisible();

    const code = uniqueCode('AD');
    await page.getByLabel('Currency').fill(code.toLowerCase());
    await page.getByLabel('Full name').fill('Admin test coin');
    await page.getByLabel('Or rate in tokens', { exact: true }).fill('1250.5');
    // A wrong EIP-55 checksum is caught before any money could go to it.
    await page.getByLabel('Address', { exact: true }).fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await add.click();
    await expect(page.getByText('The address checksum is wrong: check it for typos.')).toBeVisible();
    await page.getByLabel('Address', { exact: true }).fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await add.click();
    await expect(page.getByText(`${code} added`)).toBeVisible();
    const table = page.getByRole('table', { name: 'All currencies' });
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Admin test coin');
    await expect(row).toContainText('Offered');
    // Clicking a column header sorts the table by it.
    const currencyHeader = table.getByRole('columnheader', { name: 'Currency' });
    await currencyHeader.getByRole('button').click();
    await expect(currencyHeader).toHaveAttribute('aria-sort', /ascending|descending/);

    await page.getByLabel('ERC-20 wallet address').fill('0x1234');
    await page.getByRole('button', { name: 'Update ERC-20 Wallet' }).click();
    await expect(page.getByText(/Not a valid EVM address/)).toBeVisible();
    await page.getByLabel('ERC-20 wallet address').fill('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    await page.getByRole('button', { name: 'Update ERC-20 Wallet' }).click();
    await expect(page.getByText(/^ERC-20 wallet set on /)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Tether USD (Ethereum)' })).toContainText('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');

    // Edit keeps the code read-only; delete of an unused crypto removes it.
    await page.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Edit crypto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit crypto' });
    await expect(dialog.getByLabel('Currency')).toHaveAttribute('readonly', '');
    await dialog.getByLabel('Full name').fill('Renamed coin');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(row).toContainText('Renamed coin');
    await page.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Delete crypto' }).click();
    await page.getByRole('dialog', { name: 'Delete crypto' }).getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  });

  test('changes the token price after confirming the password, shows it on the landing page, and records it in the audit log', async ({ page }) => {
    await signInAsOperator(page, { stepUp: false });
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Main currency' }).click();
    const price = page.getByLabel('Token price (USD)');
    await price.fill('1,5');
    await page.getByRole('button', { name: 'Update price' }).click();
    await expect(page.getByText('Invalid number format')).toBeVisible();
    await price.fill('0.25');
    await page.getByRole('button', { name: 'Update price' }).click();
    // The token price asks for the password again (step-up); a wrong one is refused at its field.
    const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
    await confirm.getByLabel('Your password').fill('not the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('The password is not right.')).toBeVisible();
    await confirm.getByLabel('Your password').fill(E2E_OPERATOR.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Currency updated successfully!')).toBeVisible();
    await expect(confirm).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByText(/^1\.00 [A-Z0-9]+ = \$0\.25$/)).toBeVisible();

    await page.goto('/admin/audit');
    const entry = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li').filter({ hasText: 'Token price changed' }).first();
    await entry.getByText(/fields? changed$/).click();
    await expect(entry.getByRole('list', { name: 'Changed fields' })).toContainText('priceUsd: 0.01 → 0.25');
    await expect(entry).toContainText(E2E_OPERATOR.login);

    const api = await operatorApi();
    await api.put('/api/admin/main-currency', { data: { priceUsd: '0.01' } });
    await api.dispose();
  });

  test('approves and rejects orders in Transactions, which updates live', async ({ page }) => {
    const api = await operatorApi();
    const code = await offerCrypto(api, uniqueCode('TX'));
    await signInAsOperator(page);
    await page.goto('/admin/transactions');
    await expect(page.getByRole('heading', { name: 'All Transactions' })).toBeVisible();
    const first = await placeOrder(api, code, '100');
    const second = await placeOrder(api, code, '250');
    // New orders appear without a reload.
    const rowOf = (id: string) => page.getByRole('table', { name: 'All transactions' }).getByRole('row').filter({ hasText: id });
    await expect(rowOf(first.publicId)).toContainText('Pending');
    await expect(rowOf(second.publicId)).toContainText('Pending');

    await page.getByRole('button', { name: `Actions for order ${first.publicId}` }).click();
    await page.getByRole('menuitem', { name: 'Approve payment' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve payment' });
    await approve.getByLabel('Note (optional)').fill('Seen on chain');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Payment approved')).toBeVisible();
    await expect(rowOf(first.publicId)).toContainText('Approved');
    await expect(page.getByRole('table', { name: 'Approved transactions' }).getByRole('row').filter({ hasText: first.publicId })).toContainText(code);

    await page.getByRole('button', { name: `Actions for order ${second.publicId}` }).click();
    await page.getByRole('menuitem', { name: 'Reject payment' }).click();
    await page.getByRole('dialog', { name: 'Reject payment' }).getByRole('button', { name: 'Reject' }).click();
    await expect(rowOf(second.publicId)).toContainText('Rejected');
    // Approved orders offer no actions: they are never deleted.
    await expect(page.getByRole('button', { name: `Actions for order ${first.publicId}` })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('rejected');
    await expect(rowOf(second.publicId)).toBeVisible();
    await expect(rowOf(first.publicId)).toHaveCount(0);
    const csv = page.getByRole('link', { name: 'Export CSV' });
    await expect(csv).toHaveAttribute('href', '/api/admin/orders.csv?status=rejected');
    await api.dispose();
  });

  test('lists users with search and page-size checks', async ({ page }) => {
    await signInAsOperator(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await expect(page.getByText(/^Total Users: \d+$/)).toBeVisible();
    await page.getByLabel('Users per page').fill('0');
    await expect(page.getByText('Users per page must be between 1 and 100.')).toBeVisible();
    await page.getByLabel('Users per page').fill('5');
    await page.getByLabel('Search by name or e-mail').fill('no-such-person-anywhere');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No users found.')).toBeVisible();
  });

  test('manages pixels with the form messages', async ({ page }) => {
    await signInAsOperator(page);
    await page.goto('/admin/pixels');
    await expect(page.getByRole('heading', { name: 'Manage API Keys' })).toBeVisible();
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByText('API Key is required')).toBeVisible();
    await page.getByLabel('API Key', { exact: true }).fill('55555');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByText('Location is required')).toBeVisible();
    await page.getByLabel('Location').fill('/nowhere-in-particular');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    const row = page.getByRole('row').filter({ hasText: '55555' });
    await expect(row).toContainText('No secondary key');
    const dialog = page.getByRole('dialog', { name: 'Edit API Key' });
    // The list refetches after the save and renders its rows again: under CI load a click has landed on
    // the row it replaced. Clicking again is what an operator would do.
    await expect(async () => {
      await row.getByRole('button', { name: 'Update' }).click();
      await expect(dialog).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByLabel('Location').fill('/nowhere-else');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(row).toContainText('/nowhere-else');
    // Delete asks first: a cancel keeps the key.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete the API key' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete the API key' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: '55555' })).toHaveCount(0);
  });

  test('edits the FAQ and the landing page shows it', async ({ page }) => {
    await signInAsOperator(page);
    await page.goto('/admin/content');
    const question = `Is this question new ${Date.now()}?`;
    await page.getByLabel('Question 1', { exact: true }).fill(question);
    await page.getByRole('button', { name: 'Save content' }).click();
    await expect(page.getByText('Content saved')).toBeVisible();
    await page.goto('/#faq');
    await expect(page.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'true');
  });

  test('publishes documents that buyers see on Documents', async ({ page }) => {
    await signInAsOperator(page);
    await page.goto('/admin/content');
    await page.getByRole('group', { name: 'Documents' }).getByRole('button', { name: 'Add' }).click();
    await page.getByLabel('Document 1 title').fill('Whitepaper');
    await page.getByLabel('Document 1 address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save content' }).click();
    await expect(page.getByLabel('Document 1 address')).toHaveAccessibleDescription('Document address must be a full http(s) address.');
    await page.getByLabel('Document 1 address').fill('https://example.com/whitepaper.pdf');
    await page.getByRole('button', { name: 'Save content' }).click();
    await expect(page.getByText('Content saved')).toBeVisible();

    const email = `docs-${Date.now()}@example.com`;
    const res = await page.request.post('/api/auth/register', { data: await registrationBody(page.request, { name: 'Doc Reader', email, password: 'doc-reader-pass' }) });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard/docs');
    await expect(page.getByRole('link', { name: /Whitepaper/ })).toHaveAttribute('href', 'https://example.com/whitepaper.pdf');
  });

  test('logs out', async ({ page }) => {
    await signInAsOperator(page);
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});
