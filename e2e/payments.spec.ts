// The back-office Payments page (issue 12): the watch-only account key and the EVM chains the
// watcher reads, against a real local chain on loopback.
import type { APIRequestContext, Page } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { PaymentSettings } from '../src/contracts/payments';
import { ACCOUNT_KEY_MESSAGES, deriveEvmAddress, parseEvmAccountKey } from '../src/domain/account-key';
import { startAnvil, type LocalChain } from '../src/server/test/anvil';
import { expect, signInAsOperator, test } from './fixtures';
import { operatorApi } from './operator-api';

// A public BIP-39 test vector: its account key is a real one, and no money is ever behind it.
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const ACCOUNT_XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(PHRASE)).derive("m/44'/60'/0'").publicExtendedKey;

let chain: LocalChain;
let api: APIRequestContext;

async function getPaymentSettings(): Promise<PaymentSettings> {
  const res = await api.get('/api/admin/payments');
  if (!res.ok()) throw new Error(`GET /api/admin/payments: ${res.status()}`);
  return (await res.json()) as PaymentSettings;
}

/** Leaves no key and no chain of this spec behind, whatever a test got to. */
async function removeSettings(): Promise<void> {
  await api.delete('/api/admin/payments/evm-key');
  await api.delete(`/api/admin/payments/chains/${chain.chainId}`);
  await api.delete('/api/admin/payments/chains/1');
}

async function openPaymentsFromSidebar(page: Page): Promise<void> {
  await signInAsOperator(page);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  // The EVM settings are folded while no EVM currency is on offer, which depends on the specs run before.
  await expect(page.getByRole('region', { name: 'Payment status' })).toBeVisible();
  const fold = page.getByRole('button', { name: 'EVM settings' });
  if ((await fold.count()) > 0 && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
}

test.beforeAll(async () => {
  chain = await startAnvil();
  api = await operatorApi();
  await removeSettings();
});

test.afterAll(async () => {
  await removeSettings();
  await api.dispose();
  await chain.stop();
});

test.describe('Payments page', () => {
  test('refuses a recovery phrase without sending it, saves an xpub with its first addresses, and removes it', async ({ page }) => {
    await openPaymentsFromSidebar(page);
    // Deposits no order took are listed on the same page (none on a fresh server).
    await expect(page.getByText('Unallocated deposits', { exact: true })).toBeVisible();
    await expect(page.getByText('None.', { exact: true })).toBeVisible();
    const keySends: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/payments/evm-key') && request.method() === 'PUT') keySends.push(request.postData() ?? '');
    });
    const field = page.getByLabel('Extended public key (xpub)');

    await field.fill(PHRASE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(field).toHaveAccessibleDescription(ACCOUNT_KEY_MESSAGES.recoveryPhrase);
    await expect(page.getByText(/^No account key yet/)).toBeVisible();
    expect(keySends).toEqual([]);
    expect((await getPaymentSettings()).evmKey).toBeNull();

    await field.fill(ACCOUNT_XPUB);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Account key saved')).toBeVisible();
    // The status line at the top says what is still missing.
    await expect(page.getByRole('listitem', { name: 'EVM chains' })).toContainText('Key only — add an endpoint');
    const parsed = parseEvmAccountKey(ACCOUNT_XPUB);
    if (!parsed.ok) throw new Error(parsed.message);
    const expected = [0, 1, 2].map((i) => deriveEvmAddress(parsed.key, i));
    await expect(page.getByRole('list', { name: 'First addresses' }).getByRole('listitem')).toHaveText(expected.map((address, i) => `${i + 1}.${address}`));
    await expect(page.getByText(ACCOUNT_XPUB, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Deposit addresses handed out: \d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy address 1' })).toBeVisible();
    expect(keySends).toHaveLength(1);
    expect((await getPaymentSettings()).evmKey?.xpub).toBe(ACCOUNT_XPUB);

    await page.getByRole('region', { name: 'Account key (EVM)' }).getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the account key' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('Account key removed')).toBeVisible();
    await expect(page.getByText(/^No account key yet/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'First addresses' })).toHaveCount(0);
    expect((await getPaymentSettings()).evmKey).toBeNull();
  });

  test('refuses an endpoint that does not answer, saves a real chain showing only its host, edits and removes it', async ({ page }) => {
    await openPaymentsFromSidebar(page);
    const endpoint = page.getByLabel('Endpoint URL');

    await page.getByLabel('Chain id').fill('1');
    await endpoint.fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Save chain' }).click();
    await expect(endpoint).toHaveAccessibleDescription(/^The endpoint did not answer/);
    expect((await getPaymentSettings()).chains.map((c) => c.chainId)).not.toContain(1);

    const host = new URL(chain.url).host;
    await page.getByLabel('Chain id').fill(String(chain.chainId));
    await endpoint.fill(`${chain.url}/?apikey=E2E-SECRET-KEY`);
    await page.getByRole('button', { name: 'Save chain' }).click();
    await expect(page.getByText('Chain saved')).toBeVisible();
    const saved = page.getByRole('list', { name: 'Saved chains' }).getByRole('listitem', { name: `Chain ${chain.chainId}` });
    await expect(saved).toContainText(host);
    await expect(saved).toContainText('Confirmations12');
    await expect(saved).toContainText('Tolerance0.5 %');
    await expect(saved).toContainText('Auto-approve up to$10,000.00');
    // The watcher starts after the head the endpoint reported when it was saved.
    await expect(saved).toContainText(/Next block\d+/);
    await expect(page.getByText('E2E-SECRET-KEY')).toHaveCount(0);
    // Saving cleared the form for the next chain.
    await expect(endpoint).toHaveValue('');

    await saved.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Chain id')).toHaveValue(String(chain.chainId));
    await expect(endpoint).toBeFocused();
    await endpoint.fill(`${chain.url}/?apikey=E2E-SECRET-KEY`);
    await page.getByLabel('Wait for the finalized block').check();
    await expect(page.getByRole('region', { name: 'Chains' }).getByLabel('Confirmations', { exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Save chain' }).click();
    await expect(saved).toContainText('Confirmationsfinalized');
    expect((await getPaymentSettings()).chains.find((c) => c.chainId === chain.chainId)?.confirmations).toBeNull();

    await saved.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the chain' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`Chain ${chain.chainId} removed`)).toBeVisible();
    await expect(saved).toHaveCount(0);
    expect((await getPaymentSettings()).chains.map((c) => c.chainId)).not.toContain(chain.chainId);
  });
});
