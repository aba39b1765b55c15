// The public proof (issue 16): a buyer's approved order shows its ledger entries, /transparency
// (reached from the landing footer) shows the landing page's figures and the order masked, and
// the ledger check recomputes the chain in the browser; the operator's overview draws the sums.
import type { LedgerExport } from '../src/contracts/transparency';
import { maskEmail } from '../src/domain/mask';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';

const usd = (value: string) => `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))}`;

test.describe('transparency', () => {
  test('an approved order is on the public page, and the ledger verifies in the browser', async ({ page }) => {
    const api = await operatorApi();
    await ensureLiveSale(api);
    const code = await offerCrypto(api, uniqueCode('TR'));
    const buyer = newBuyer();
    await registerThroughApi(page.request, buyer);
    const made = await page.request.post('/api/orders', { data: { crypto: code, tokens: '150' } });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const orderId = await pendingOrderId(api, id);
    const approved = await api.post(`/api/admin/orders/${orderId}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    await api.dispose();

    // The buyer's order page lists the entries that credited it, with their hashes.
    const exported = (await (await page.request.get('/api/transparency/ledger.json')).json()) as LedgerExport;
    const entries = exported.entries.filter((e) => e.orderId === orderId);
    expect(entries.map((e) => e.kind)).toEqual(['purchase', 'bonus']);
    await page.goto(`/dashboard/transaction?order=${id}`);
    await expect(page.getByRole('heading', { name: 'Ledger entries' })).toBeVisible();
    for (const e of entries) await expect(page.getByText(e.hash)).toBeVisible();

    // From the landing page's footer to /transparency, whose figures are the landing page's.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).click();
    await expect(page.getByRole('heading', { name: 'Transparency', level: 1 })).toBeVisible();
    const sale = (await (await page.request.get('/api/sale')).json()) as { raisedUsd: string };
    await expect(page.getByRole('region', { name: 'Raised' })).toContainText(usd(sale.raisedUsd));
    const row = page.getByRole('row').filter({ hasText: maskEmail(buyer.email) }).filter({ hasText: code });
    await expect(row).toContainText('150 +');
    await expect(row).toContainText(`#${entries[0]?.seq ?? 0}`);
    await expect(page.getByRole('link', { name: 'Download JSON' })).toHaveAttribute('href', '/api/transparency/ledger.json');

    // The check in the browser: the chain as it is, a malformed saved head, a head the chain never had.
    const verify = page.getByRole('button', { name: 'Verify in this browser' });
    await verify.click();
    await expect(page.getByText(/^The ledger verifies: all \d+ entries/)).toBeVisible();
    const saved = page.getByLabel('A head you saved (optional)');
    await saved.fill('not a head');
    await verify.click();
    await expect(page.getByText('Enter a saved head as its entry number, a colon and its hash')).toBeVisible();
    await expect(saved).toHaveAttribute('aria-invalid', 'true');
    await saved.fill(`1:${'f'.repeat(64)}`);
    await verify.click();
    await expect(page.getByRole('alert').filter({ hasText: 'The ledger does not verify at entry 1' })).toContainText('not to the saved');
    const head = await page.getByTestId('ledger-head').textContent();
    await saved.fill(head ?? '');
    await verify.click();
    await expect(page.getByText(/^The ledger verifies: .* [1-9]\d* earlier heads? (is|are) in the chain/)).toBeVisible();
  });

  test('the operator overview draws what was approved', async ({ page }) => {
    await signInAsOperator(page, { stepUp: false });
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const tokens = page.getByRole('figure', { name: 'Tokens sold per day' });
    await expect(tokens.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.getByRole('button', { name: 'Whole sale' }).click();
    await expect(page.getByRole('button', { name: 'Whole sale' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Tokens sold' })).not.toContainText('—');
  });
});
