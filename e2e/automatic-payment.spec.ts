// A buyer orders in a currency the server watches, the test pays on a real local chain, and the order
// page follows the payment live, from awaiting to confirmations to approved, without a reload.
import type { APIRequestContext } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { parseEther, type Address } from 'viem';
import { deriveEvmAddress, parseEvmAccountKey } from '../src/domain/account-key';
import { chainClients, startAnvil, type LocalChain } from '../src/server/test/anvil';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { E2E_EVM_WALLET, ensureLiveSale, operatorApi } from './operator-api';

const account = HDKey.fromMasterSeed(mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow')).derive("m/44'/60'/0'");

let chain: LocalChain;
let api: APIRequestContext;
let code: string;

test.beforeAll(async () => {
  chain = await startAnvil();
  api = await operatorApi();
  await ensureLiveSale(api);
  code = uniqueCode('AP', 4);
  const crypto = await api.post('/api/admin/cryptos', {
    data: { currency: code, fullName: `${code} on a local chain`, network: 'evm', chainId: chain.chainId, rateSource: 'manual', rate: '300000', address: E2E_EVM_WALLET, decimals: 18 },
  });
  expect(crypto.status(), await crypto.text()).toBe(201);
  const key = await api.put('/api/admin/payments/evm-key', { data: { xpub: account.publicExtendedKey } });
  expect(key.status(), await key.text()).toBe(200);
  const endpoint = await api.put(`/api/admin/payments/chains/${chain.chainId}`, { data: { rpcUrl: chain.url, confirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '10000' } });
  expect(endpoint.status(), await endpoint.text()).toBe(200);
});

test.afterAll(async () => {
  await api.delete(`/api/admin/payments/chains/${chain.chainId}`);
  await api.dispose();
  await chain.stop();
});

test('an order paid on the chain turns approved on its page without a reload', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '300' } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; address: string; payAmount: string };
  const parsed = parseEvmAccountKey(account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  // The buyer's own deposit address, derived from the operator's xpub, not the shared wallet.
  expect(order.address).not.toBe(E2E_EVM_WALLET);
  expect(Array.from({ length: 50 }, (_, i) => deriveEvmAddress(parsed.key, i))).toContain(order.address);

  await page.goto(`/dashboard/transaction?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByText(order.address, { exact: true })).toBeVisible();
  await expect(page.getByText('Already sent the payment?')).toHaveCount(0);

  const clients = chainClients(chain);
  const hash = await clients.wallet(3).sendTransaction({ to: order.address as Address, value: parseEther(order.payAmount) });
  await clients.public.waitForTransactionReceipt({ hash });

  await expect(page.getByRole('heading', { level: 1, name: 'Processing Transaction' })).toBeVisible();
  await expect(page.getByText(`Payment seen in ${hash.slice(0, 8)}…${hash.slice(-6)}: 1 of 2 confirmations.`)).toBeVisible();

  await clients.test.mine({ blocks: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await expect(page.getByText(`Payment confirmed in ${hash.slice(0, 8)}…${hash.slice(-6)}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receipt' })).toBeVisible();
});

test('an overpayment shows on the order page, and the operator credits the excess from the drawer', async ({ page }) => {
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto: code, tokens: '300' } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; address: string; payAmount: string };

  await page.goto(`/dashboard/transaction?order=${order.id}`);
  const clients = chainClients(chain);
  // Twice the amount: the ordered tokens are credited automatically, the excess waits for the operator.
  const hash = await clients.wallet(4).sendTransaction({ to: order.address as Address, value: parseEther(order.payAmount) * 2n });
  await clients.public.waitForTransactionReceipt({ hash });
  await clients.test.mine({ blocks: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  await expect(page.getByText(`You sent ${order.payAmount} ${code} more than this order asked. It will be credited at this order's rate or sent back to you.`)).toBeVisible();

  const operator = await page.context().newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/transactions');
  await operator.getByLabel('Search by order id, e-mail or tx hash').fill(order.id);
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  const row = operator.getByRole('table', { name: 'All transactions' }).getByRole('row').filter({ hasText: order.id });
  await expect(row).toContainText(`Overpaid by ${order.payAmount} ${code}`);
  await row.getByText('Approved').click();
  const drawer = operator.getByRole('dialog', { name: `Order ${order.id}` });
  const excess = drawer.getByRole('region', { name: 'Excess' });
  await expect(excess).toContainText(`${order.payAmount} ${code} more than the order asked arrived.`);
  await excess.getByRole('button', { name: 'Mark refunded' }).click();
  const refund = operator.getByRole('dialog', { name: 'Mark the excess refunded' });
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  // Nothing is sent without saying how: the message stands at the field.
  await expect(refund.getByLabel('How it was refunded')).toHaveAccessibleDescription("Say how the excess was refunded, e.g. the refund's transaction hash.");
  await refund.getByRole('button', { name: 'Cancel' }).click();

  await excess.getByRole('button', { name: 'Credit the excess' }).click();
  const credit = operator.getByRole('dialog', { name: 'Credit the excess' });
  await expect(credit).toContainText("At the order's rate it buys 300 more tokens");
  await credit.getByRole('button', { name: 'Credit the excess' }).click();
  await expect(operator.getByText('Excess credited')).toBeVisible();
  await expect(excess).toContainText(`Credited${order.payAmount} ${code} as 300 tokens`);
  await expect(drawer.getByRole('region', { name: 'Amounts' })).toContainText('600');

  // The buyer's page hears of it without a reload.
  await expect(page.getByText(`The extra ${order.payAmount} ${code} you sent was credited at this order's rate.`)).toBeVisible();
});
