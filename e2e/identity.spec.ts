// Identity checks (issue 34, decision 041), from the buyer's refusal to ordering again: past the
// operator's threshold the buyer is sent to Verification, uploads a document and a selfie, the
// operator sees them on the Identity checks page and approves, and the buyer orders again. The
// threshold applies to every buyer, so this spec runs on a settings server.
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { offerCrypto, operatorApi } from './operator-api';

/** A 1×1 PNG, as a phone photo would be a JPEG or PNG: its type is read from these bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SETTINGS_OFF = { thresholdUsd: '', mode: 'review', retentionDays: 90, webhookSecret: '', flowUrl: '' };

test('past the threshold a buyer uploads their documents, the operator approves, and the buyer orders again', async ({ page, browser }) => {
  const api = await operatorApi();
  try {
    const code = await offerCrypto(api, uniqueCode('KY'));
    const buyer = newBuyer();
    await registerThroughApi(page.request, buyer);
    const first = await page.request.post('/api/orders', { data: { crypto: code, tokens: '1000' } });
    expect(first.status(), await first.text()).toBe(201);
    const { usdAmount } = (await first.json()) as { usdAmount: string };

    // The buyer's orders now reach the threshold: any further order would pass it.
    const saved = await api.put('/api/admin/identity/settings', { data: { ...SETTINGS_OFF, thresholdUsd: usdAmount } });
    expect(saved.status(), await saved.text()).toBe(200);
    const refused = await page.request.post('/api/orders', { data: { crypto: code, tokens: '100' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('/dashboard/verification');

    await page.goto('/dashboard/buy-token');
    await expect(page.getByText('Verify your identity to order more')).toBeVisible();
    await page.getByRole('link', { name: 'Open Verification' }).click();
    await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
    await page.getByLabel('Identity document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByText('Waiting for review')).toBeVisible();

    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await signInAsOperator(operator);
    await operator.getByRole('link', { name: 'Identity checks' }).click();
    await expect(operator.getByRole('heading', { name: 'Identity checks' })).toBeVisible();
    const card = operator.locator('[data-slot="card"]').filter({ hasText: buyer.email });
    await expect(card.getByText('Waiting for review', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: `Identity document of ${buyer.email}` })).toBeVisible();
    await expect(card.getByRole('img', { name: `Selfie of ${buyer.email}` })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(operator.getByText('Identity check approved')).toBeVisible();
    await expect(card).toHaveCount(0);
    await operatorContext.close();

    await page.reload();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    const again = await page.request.post('/api/orders', { data: { crypto: code, tokens: '100' } });
    expect(again.status(), await again.text()).toBe(201);
  } finally {
    await api.put('/api/admin/identity/settings', { data: SETTINGS_OFF });
    await api.dispose();
  }
});
