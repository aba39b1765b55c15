// Paying from the buyer's own browser wallet (issue 32). A test wallet is injected into the page as a
// wallet extension would be: an EIP-1193 provider announced by EIP-6963, which forwards to a real
// anvil chain and sends from anvil's unlocked development accounts. The order page connects to it,
// switches it to the order's chain and asks it for one plain transfer; the chain watcher credits.
import type { APIRequestContext, Page } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { erc20Abi, getAddress, numberToHex, parseUnits, type Address, type Hash } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { Order } from '../src/contracts/orders';
import { parsePaymentUri, walletTransfer } from '../src/domain/wallet-payment';
import { chainClients, deployTestToken, DEV_MNEMONIC, startAnvil, type LocalChain } from '../src/server/test/anvil';
import { expect, newBuyer, registerThroughApi, test, uniqueCode } from './fixtures';
import { E2E_EVM_WALLET, ensureLiveSale, operatorApi } from './operator-api';

// The operator's watch-only account key (the same as automatic-payment.spec.ts): deposit addresses come from it.
const operatorKey = HDKey.fromMasterSeed(mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow')).derive("m/44'/60'/0'");
/** A chain id of its own, so this chain's watcher state is not another spec's. */
const CHAIN_ID = 31338;
const devAccount = (index: number): Address => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).address;

let chain: LocalChain;
let api: APIRequestContext;
let token: Address;
const codes = { ether: '', token: '', shared: '' };

test.beforeAll(async () => {
  chain = await startAnvil([], { chainId: CHAIN_ID });
  api = await operatorApi();
  await ensureLiveSale(api);
  const clients = chainClients(chain);
  token = getAddress((await deployTestToken(chain, parseUnits('1000000', 6))).address);
  // Account 2 pays in tokens; account 3 holds none of them.
  await clients.public.waitForTransactionReceipt({ hash: await clients.wallet(0).writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [devAccount(2), parseUnits('1000', 6)] }) });

  codes.ether = uniqueCode('WE', 4);
  codes.token = uniqueCode('WT', 4);
  codes.shared = uniqueCode('WS', 4);
  const offers = [
    { currency: codes.ether, fullName: `${codes.ether} ether on a local chain`, chainId: CHAIN_ID, rate: '300000', decimals: 18, tokenContract: null },
    { currency: codes.token, fullName: `${codes.token} 6-decimal token`, chainId: CHAIN_ID, rate: '100', decimals: 6, tokenContract: token },
    // A chain the server does not watch: orders pay to the sale's shared address.
    { currency: codes.shared, fullName: `${codes.shared} on Ethereum`, chainId: 1, rate: '300000', decimals: 18, tokenContract: null },
  ];
  for (const offer of offers) {
    const res = await api.post('/api/admin/cryptos', { data: { ...offer, network: 'evm', rateSource: 'manual', address: E2E_EVM_WALLET } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const key = await api.put('/api/admin/payments/evm-key', { data: { xpub: operatorKey.publicExtendedKey } });
  expect(key.status(), await key.text()).toBe(200);
  const endpoint = await api.put(`/api/admin/payments/chains/${CHAIN_ID}`, { data: { rpcUrl: chain.url, confirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '10000' } });
  expect(endpoint.status(), await endpoint.text()).toBe(200);
});

test.afterAll(async () => {
  await api.delete(`/api/admin/payments/chains/${CHAIN_ID}`);
  await api.dispose();
  await chain.stop();
});

type Refusal = 'connect' | 'switch' | 'send';

/** The injected wallet's state, kept in the test: its account, its chain, what it refuses, and what it was asked. */
interface TestWallet {
  account: Address;
  chainId: number;
  refuse?: Refusal;
  /** The account the wallet has selected by the time of sending, when the buyer changed it after connecting. */
  selectedLater?: Address;
  /** Says yes to a switch of chains and stays where it was. */
  ignoresSwitch?: boolean;
  asked: string[];
  sent: Hash[];
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

const refused = (): Answer => ({ error: { code: 4001, message: 'User rejected the request.' } });

async function forward(method: string, params: unknown[]): Promise<Answer> {
  const res = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  return body.error ? { error: body.error } : { result: body.result };
}

async function answer(wallet: TestWallet, method: string, params: unknown[]): Promise<Answer> {
  wallet.asked.push(method);
  switch (method) {
    case 'eth_requestAccounts':
      return wallet.refuse === 'connect' ? refused() : { result: [wallet.account] };
    case 'eth_accounts':
      return { result: [wallet.selectedLater ?? wallet.account] };
    case 'eth_chainId':
      return { result: numberToHex(wallet.chainId) };
    case 'wallet_switchEthereumChain': {
      if (wallet.refuse === 'switch') return refused();
      const [{ chainId }] = params as [{ chainId: string }];
      if (Number(chainId) !== CHAIN_ID) return { error: { code: 4902, message: 'Unrecognized chain ID.' } };
      if (!wallet.ignoresSwitch) wallet.chainId = CHAIN_ID;
      return { result: null };
    }
    case 'eth_sendTransaction': {
      if (wallet.refuse === 'send') return refused();
      const sent = await forward(method, params);
      if ('result' in sent) wallet.sent.push(sent.result as Hash);
      return sent;
    }
    default:
      return forward(method, params);
  }
}

/**
 * Puts the test wallet into the page before any of its scripts run: announced as a wallet extension
 * announces itself (EIP-6963), or only as window.ethereum, as older wallets and some phone wallets' browsers do.
 */
async function injectWallet(page: Page, wallet: TestWallet, as: 'eip6963' | 'window.ethereum' = 'eip6963'): Promise<void> {
  await page.exposeFunction('__testWalletRequest', (method: string, params: unknown[]) => answer(wallet, method, params));
  await page.addInitScript((as) => {
    type Call = (method: string, params: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const call = (window as unknown as { __testWalletRequest: Call }).__testWalletRequest;
        const reply = await call(method, params ?? []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
      on() {},
      removeListener() {},
    };
    if (as === 'window.ethereum') {
      (window as unknown as { ethereum: typeof provider }).ethereum = provider;
      return;
    }
    const info = { uuid: '6f1e0d6a-7c1b-4b8e-9d55-2f0c8a1e3b77', name: 'Test Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'org.presale.test-wallet' };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }, as);
}

async function newOrder(page: Page, crypto: string): Promise<Order> {
  await registerThroughApi(page.request, newBuyer());
  const created = await page.request.post('/api/orders', { data: { crypto, tokens: '300' } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Order;
}

async function orderNow(page: Page, id: string): Promise<Omit<Order, 'serverTime'>> {
  const res = await page.request.get(`/api/orders/${id}`);
  expect(res.status()).toBe(200);
  const { serverTime: _, ...order } = (await res.json()) as Order;
  return order;
}

async function openWallet(page: Page, order: Order, { open = true } = {}) {
  await page.goto(`/dashboard/transaction?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  if (open) await page.getByRole('button', { name: 'Pay with your wallet' }).click();
  return page.getByRole('region', { name: 'Pay from a browser wallet' });
}

/** Pays the order from the wallet and checks the hash reaches the order by the buyer's own request, then that the watcher credits it once. */
async function payAndSeeApproved(page: Page, order: Order, wallet: TestWallet) {
  const section = await openWallet(page, order);
  await section.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await expect(section).toContainText(wallet.account);
  // The wallet is on another chain: the page says it will ask to switch before sending.
  await expect(section).toContainText(`Ethereum (chain 1) (your wallet will be asked to switch to EVM (chain ${CHAIN_ID}))`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'sideways scrolling').toBe(0);

  const attached = page.waitForResponse((r) => r.url().endsWith(`/api/orders/${order.id}/tx-hash`) && r.request().method() === 'POST');
  await section.getByRole('button', { name: `Send ${order.payAmount} ${order.crypto.code}` }).click();
  const response = await attached;
  expect(response.status()).toBe(200);
  expect(wallet.sent).toHaveLength(1);
  const [hash] = wallet.sent;
  expect(((await response.json()) as Order).txHash).toBe(hash);
  await expect(section.getByRole('status')).toHaveText('Payment sent, waiting for the chain.');
  await expect(section).toContainText(hash ?? '');
  expect(wallet.asked).toContain('wallet_switchEthereumChain');
  await expect(page.getByRole('heading', { level: 1, name: 'Processing Transaction' })).toBeVisible();

  // One block more than the one the payment is in: the watcher's two confirmations.
  await chainClients(chain).test.mine({ blocks: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction approved' })).toBeVisible();
  const approved = await orderNow(page, order.id);
  expect(approved.txHash).toBe(hash);
  expect(approved.ledger.filter((e) => e.kind === 'purchase')).toHaveLength(1);
  return hash;
}

test('an ether order is paid from the browser wallet and approved once; at 375 px nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const wallet: TestWallet = { account: devAccount(1), chainId: 1, asked: [], sent: [] };
  await injectWallet(page, wallet);
  const order = await newOrder(page, codes.ether);
  const hash = await payAndSeeApproved(page, order, wallet);
  const tx = await chainClients(chain).public.getTransaction({ hash: hash as Hash });
  expect([tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.value]).toEqual([wallet.account.toLowerCase(), order.address.toLowerCase(), parseUnits(order.payAmount, 18)]);
});

test('a 6-decimal token order is paid as transfer(to, amount) and approved once', async ({ page }) => {
  const wallet: TestWallet = { account: devAccount(2), chainId: 1, asked: [], sent: [] };
  await injectWallet(page, wallet);
  const order = await newOrder(page, codes.token);
  const hash = await payAndSeeApproved(page, order, wallet);
  const tx = await chainClients(chain).public.getTransaction({ hash: hash as Hash });
  expect(tx.to?.toLowerCase()).toBe(token.toLowerCase());
  expect(tx.value).toBe(0n);
});

test('the Open in wallet app link is the URI the QR code encodes, for the exact amount', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const code of [codes.ether, codes.token]) {
    const order = await newOrder(page, code);
    await page.goto(`/dashboard/transaction?order=${order.id}`);
    const href = await page.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href');
    expect(href).toBe(order.paymentUri);
    const transfer = walletTransfer({ address: order.address, amount: order.payAmount, tokenContract: order.crypto.tokenContract, decimals: order.crypto.decimals });
    expect(parsePaymentUri(href ?? '')).toEqual(
      transfer.kind === 'native'
        ? { scheme: 'ethereum', address: transfer.to, chainId: CHAIN_ID, token: null, units: transfer.value }
        : { scheme: 'ethereum', address: transfer.to, chainId: CHAIN_ID, token: transfer.token, units: transfer.amount },
    );
    await expect(page.getByText('Safest: pay with your wallet or scan the QR code')).toBeVisible();
    await page.context().clearCookies();
  }
});

test('without a wallet the page says so and keeps the QR code; the wallet code loads only once opened', async ({ page }) => {
  const order = await newOrder(page, codes.ether);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const section = await openWallet(page, order, { open: false });
  const qr = page.getByRole('img', { name: 'Payment QR code' });
  await expect(qr).toBeVisible();
  expect(scripts.filter((path) => path.includes('wallet-pay'))).toEqual([]);
  await page.getByRole('button', { name: 'Pay with your wallet' }).click();
  await expect(section.getByRole('status')).toHaveText('No wallet found in this browser. Scan the QR code with your phone’s wallet, or copy the amount and address.');
  expect(scripts.filter((path) => path.includes('wallet-pay'))).toHaveLength(1);
  await expect(qr).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();
});

test("in a wallet's own browser (window.ethereum only) the wallet is offered before the QR code, and connects", async ({ page }) => {
  const wallet: TestWallet = { account: devAccount(4), chainId: CHAIN_ID, asked: [], sent: [] };
  await injectWallet(page, wallet, 'window.ethereum');
  const order = await newOrder(page, codes.ether);
  const section = await openWallet(page, order, { open: false });
  const [walletBox, qrBox] = await Promise.all([section.boundingBox(), page.getByRole('img', { name: 'Payment QR code' }).boundingBox()]);
  expect(walletBox && qrBox && walletBox.y < qrBox.y, 'the wallet section above the QR code').toBe(true);
  await section.getByRole('button', { name: 'Pay with your wallet' }).click();
  await section.getByRole('button', { name: 'Connect Browser wallet' }).click();
  await expect(section).toContainText(wallet.account);
  await expect(section).toContainText(`EVM (chain ${CHAIN_ID})`);
});

const refusals: { name: string; crypto: () => string; wallet: () => TestWallet; message: (order: Order) => string }[] = [
  {
    name: 'a refused connection',
    crypto: () => codes.ether,
    wallet: () => ({ account: devAccount(4), chainId: CHAIN_ID, refuse: 'connect', asked: [], sent: [] }),
    message: () => 'You declined the connection in your wallet. Nothing was sent.',
  },
  {
    name: 'a refused transaction',
    crypto: () => codes.ether,
    wallet: () => ({ account: devAccount(4), chainId: CHAIN_ID, refuse: 'send', asked: [], sent: [] }),
    message: () => 'You declined the transaction in your wallet. Nothing was sent.',
  },
  {
    name: 'a refused switch of chains (an order to the shared address)',
    crypto: () => codes.shared,
    wallet: () => ({ account: devAccount(4), chainId: CHAIN_ID, refuse: 'switch', asked: [], sent: [] }),
    message: () => 'Your wallet did not switch to Ethereum (chain 1). Switch it there and try again. Nothing was sent.',
  },
  {
    name: 'another account selected after connecting',
    crypto: () => codes.ether,
    wallet: () => ({ account: devAccount(4), selectedLater: devAccount(5), chainId: CHAIN_ID, asked: [], sent: [] }),
    message: () => `Your wallet now has account ${devAccount(5)} selected, not the one shown. Check it is the account you want to pay from, then send again. Nothing was sent.`,
  },
  {
    name: 'a wallet left on another chain',
    crypto: () => codes.ether,
    wallet: () => ({ account: devAccount(4), chainId: 1, ignoresSwitch: true, asked: [], sent: [] }),
    message: () => `Your wallet is on Ethereum (chain 1), not EVM (chain ${CHAIN_ID}). Switch it to EVM (chain ${CHAIN_ID}) and send again. Nothing was sent.`,
  },
  {
    name: 'too few tokens',
    crypto: () => codes.token,
    wallet: () => ({ account: devAccount(3), chainId: CHAIN_ID, asked: [], sent: [] }),
    message: (order) => `Your wallet holds 0 ${codes.token}, less than the ${order.payAmount} ${codes.token} to send. Nothing was sent.`,
  },
];

for (const refusal of refusals) {
  test(`${refusal.name} is said at the button and leaves the order as it was`, async ({ page }) => {
    const wallet = refusal.wallet();
    await injectWallet(page, wallet);
    const order = await newOrder(page, refusal.crypto());
    const before = await orderNow(page, order.id);
    const section = await openWallet(page, order);
    await section.getByRole('button', { name: 'Connect Test Wallet' }).click();
    if (wallet.refuse !== 'connect') {
      if (!before.payment) await expect(section).toContainText('the operator will check your payment once it arrives');
      await section.getByRole('button', { name: `Send ${order.payAmount} ${order.crypto.code}` }).click();
    }
    await expect(section.getByRole('alert')).toHaveText(refusal.message(order));
    expect(wallet.sent).toEqual([]);
    expect(await orderNow(page, order.id)).toEqual(before);
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible();
  });
}
