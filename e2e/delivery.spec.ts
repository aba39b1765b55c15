// Token delivery end to end (issue 19): after the sale ends a buyer asks to change their wallet and
// the operator approves it; the operator opens a distribution, records one buyer's delivery (the hash
// checked at its field) and publishes the claim contract; one buyer's Token Hub then shows
// "Delivered in 0x…" with the explorer link instead of Withdraw, the other their Merkle proof.
import type { APIRequestContext } from '@playwright/test';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode, type BuyerDetails } from './fixtures';
import { baseUrl, ensureLiveSale, getSaleSettings, newRequestContext, offerCrypto, operatorApi, pendingOrderId, putSaleSettings } from './operator-api';

const HOUR = 3600_000;
const FIRST_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const NEW_WALLET = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const CLAIMER_WALLET = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const CLAIM_CONTRACT = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX_HASH = `0x${'3f'.repeat(32)}`;

/** A buyer (in `buyer`'s own cookies) holding approved tokens, with a receiving wallet. */
async function holder(api: APIRequestContext, buyerRequest: APIRequestContext, buyer: BuyerDetails, code: string, wallet: string) {
  await registerThroughApi(buyerRequest, buyer);
  const made = (await (await buyerRequest.post('/api/orders', { data: { crypto: code, tokens: '120' } })).json()) as { id: string };
  expect((await api.post(`/api/admin/orders/${await pendingOrderId(api, made.id)}/approve`, { data: {} })).status()).toBe(200);
  expect((await buyerRequest.put('/api/me/wallet', { data: { address: wallet, currentPassword: buyer.password } })).status()).toBe(200);
}

test('a wallet change is approved, a delivery recorded and a claim published; each buyer sees theirs', async ({ page, browser }) => {
  const api = await operatorApi();
  const claimerRequest = await newRequestContext();
  const operatorContext = await browser.newContext({ baseURL: baseUrl() });
  try {
    await ensureLiveSale(api);
    const code = await offerCrypto(api, uniqueCode('DL'));
    const buyer = newBuyer();
    const claimer = newBuyer();
    await holder(api, page.request, buyer, code, FIRST_WALLET);
    await holder(api, claimerRequest, claimer, code, CLAIMER_WALLET);
    expect((await api.put('/api/admin/distributions/token', { data: { chainId: 1, tokenContract: null, decimals: 18 } })).status()).toBe(200);
    const settings = await getSaleSettings(api);
    await putSaleSettings(api, settings, { startsAt: new Date(Date.now() - 48 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() });

    // The sale is over: a change of wallet becomes a request.
    await page.goto('/dashboard/profile');
    const card = page.locator('#wallet');
    await card.getByLabel('New wallet address').fill(NEW_WALLET);
    await card.getByLabel('Current password').fill(buyer.password);
    await card.getByRole('button', { name: 'Request the change' }).click();
    await expect(page.getByText('Change requested: the sale team will review it')).toBeVisible();
    await expect(card.getByRole('region', { name: 'Wallet change waiting' })).toContainText(NEW_WALLET);
    await expect(card.getByText(`Current wallet: ${FIRST_WALLET}`)).toBeVisible();

    const operator = await operatorContext.newPage();
    await signInAsOperator(operator);
    await operator.goto('/admin/distribution');
    const changes = operator.getByRole('list', { name: 'Wallet changes' });
    await changes.getByRole('button', { name: `Approve the change of ${buyer.email}` }).click();
    const approveDialog = operator.getByRole('dialog', { name: 'Approve wallet change' });
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(operator.getByText('Wallet change approved')).toBeVisible();
    await expect(changes.getByRole('listitem').filter({ hasText: buyer.email })).toContainText('Approved');

    await operator.getByRole('button', { name: 'Open a distribution' }).click();
    await expect(operator.getByText('Distribution opened')).toBeVisible();
    const item = operator.getByRole('listitem').filter({ has: operator.getByRole('heading', { name: /^Distribution \d+$/ }) }).first();
    await item.getByRole('button', { name: 'Show buyers' }).click();
    const row = item.getByRole('row').filter({ hasText: buyer.email });
    await expect(row).toContainText(NEW_WALLET);
    await expect(row).toContainText('To deliver');

    // Bulk import refuses a file that matches no buyer, at its field, and records nothing.
    await item.getByLabel('Deliveries CSV').fill(`address,txHash\n0x0000000000000000000000000000000000000001,${TX_HASH}`);
    await item.getByRole('button', { name: 'Import deliveries' }).click();
    await expect(item.getByText(/Line 2: no buyer of distribution \d+ has the wallet 0x0000000000000000000000000000000000000001\./)).toBeVisible();

    await row.getByRole('button', { name: `Record delivery for ${buyer.email}` }).click();
    const record = operator.getByRole('dialog', { name: 'Record delivery' });
    await record.getByLabel('Transaction hash').fill('0x1234');
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(record.getByText('A transaction hash is 0x followed by 64 hex digits.')).toBeVisible();
    await record.getByLabel('Transaction hash').fill(TX_HASH);
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(operator.getByText('Delivery recorded')).toBeVisible();
    await expect(row).toContainText('Delivered');

    const claim = item.getByRole('form', { name: /^Claim contract of distribution/ });
    await claim.getByLabel('Claim contract').fill(CLAIM_CONTRACT);
    await claim.getByRole('button', { name: 'Publish claim contract' }).click();
    await expect(operator.getByText('Claim contract published')).toBeVisible();
    await expect(item.getByRole('row').filter({ hasText: claimer.email })).toContainText('Claimable');

    // The delivered buyer: the transaction on the explorer instead of Withdraw.
    await page.goto('/dashboard/my-token');
    const delivery = page.getByRole('region', { name: 'Token delivery' });
    await expect(delivery).toContainText('Delivered in 0x3f3f3f3f');
    await expect(delivery.getByRole('link', { name: /^0x3f3f3f3f/ })).toHaveAttribute('href', `https://etherscan.io/tx/${TX_HASH}`);
    await expect(delivery).toContainText(NEW_WALLET);
    await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

    // The other buyer: their proof and how to claim.
    await page.context().clearCookies();
    expect((await page.request.post('/api/auth/login', { data: { email: claimer.email, password: claimer.password } })).status()).toBe(200);
    await page.goto('/dashboard/my-token');
    const claimable = page.getByRole('region', { name: 'Token delivery' });
    await expect(claimable).toContainText('Claimable');
    await expect(claimable).toContainText(CLAIM_CONTRACT);
    await expect(claimable.getByLabel('Your Merkle proof')).toContainText('0x');
    await expect(claimable.getByRole('button', { name: 'Copy the proof' })).toBeVisible();
  } finally {
    await ensureLiveSale(api);
    await operatorContext.close();
    await claimerRequest.dispose();
    await api.dispose();
  }
});
