// The prize draw (issue 31, decision 035) from the operator's form to the winner's dashboard, on a
// local EVM chain: the operator makes a draw closing soon, two buyers' approved purchases take part,
// the landing page shows the section with the real count; after the closing the job freezes the
// entries, the committed block is mined and confirmed, the job draws, and the landing, /transparency's
// in-browser check and the winner's dashboard all show the same winner. The draw changes what every
// landing page shows and configures a chain endpoint, so this is one of the settings specs.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { AdminDraw, PublishedDraw } from '../src/contracts/draws';
import { chainClients, startAnvil, type LocalChain } from '../src/server/test/anvil';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode, type BuyerDetails } from './fixtures';
import { ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';

/** A chain id of its own, so no other spec's chain endpoint is this one. */
const CHAIN_ID = 31340;
/** Seconds from the draw's creation to its closing: enough to approve two purchases and look at the landing page. */
const OPEN_SECONDS = 40;
/** The chunks the landing page must never load (vite.config.ts): the router's pages' code and forms. */
const NOT_ON_LANDING = ['app-shell-', 'router-', 'forms-'];

let chain: LocalChain;
let api: APIRequestContext;
let crypto = '';

test.beforeAll(async () => {
  chain = await startAnvil([], { chainId: CHAIN_ID });
  // A history of twelve seconds a block, as on Ethereum: the committed height is a few hundred blocks ahead.
  await chainClients(chain).test.mine({ blocks: 100, interval: 12 });
  api = await operatorApi();
  await ensureLiveSale(api);
  crypto = await offerCrypto(api, uniqueCode('PD', 4));
  const endpoint = await api.put(`/api/admin/payments/chains/${CHAIN_ID}`, { data: { rpcUrl: chain.url, confirmations: 2, tolerancePercent: '0.5', autoApproveUsd: '0' } });
  expect(endpoint.status(), await endpoint.text()).toBe(200);
});

test.afterAll(async () => {
  await api.delete(`/api/admin/payments/chains/${CHAIN_ID}`);
  await api.dispose();
  await chain.stop();
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value, to the second, in this machine's zone (the browser's too). */
function localInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A buyer in a browser of their own, with one approved purchase. */
async function buyerWithApprovedPurchase(browser: Browser, buyer: BuyerDetails): Promise<BrowserContext> {
  const context = await browser.newContext();
  await registerThroughApi(context.request, buyer);
  const order = await context.request.post('/api/orders', { data: { crypto, tokens: '20000' } });
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const approve = await api.post(`/api/admin/orders/${String(await pendingOrderId(api, id))}/approve`, { data: {} });
  expect(approve.status(), await approve.text()).toBe(200);
  return context;
}

async function publishedDraw(id: number): Promise<PublishedDraw> {
  const res = await api.get(`/api/transparency/draws/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PublishedDraw;
}

/** Opens the landing page and returns the scripts it loaded. */
async function openLanding(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  const record = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  };
  page.on('response', record);
  await page.goto('/');
  await expect(page.locator('#cybertruck')).toBeVisible();
  page.off('response', record);
  return scripts;
}

test('a prize draw runs from the operator form to the winner: landing, proof and dashboard agree', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const title = `Win a CyberTruck ${uniqueCode('', 4)}`;

  // The operator makes the draw: purchases approved from now until the closing, a minute ahead or less.
  const operator = await browser.newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/draws');
  const form = operator.locator('form').filter({ has: operator.getByRole('button', { name: 'Create prize draw' }) });
  const now = new Date();
  const closes = new Date(now.getTime() + OPEN_SECONDS * 1000);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Prize').fill('A Tesla CyberTruck, delivered to your door');
  await form.getByLabel('Minimum purchase (USD)').fill('1');
  await form.getByLabel('Purchases approved from').fill(localInput(new Date(now.getTime() - 1000)));
  await form.getByLabel('Purchases approved until').fill(localInput(closes));
  await form.getByLabel('Closes at').fill(localInput(closes));
  await form.getByLabel('Block from').selectOption(String(CHAIN_ID));
  const created = operator.waitForResponse((r) => r.url().endsWith('/api/admin/draws') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create prize draw' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const draw = (await response.json()) as AdminDraw;
  const tip = Number(await chainClients(chain).public.getBlockNumber());
  expect(draw.commitment).toMatchObject({ chain: 'evm', chainId: CHAIN_ID, tipAtCreation: tip, confirmations: 2 });
  expect(draw.commitment.height).toBeGreaterThan(tip);
  await expect(operator.getByText(title).first()).toBeVisible();

  // Two buyers' approved purchases take part: the landing page counts them, and its header links the section.
  const buyers = [newBuyer({ email: `draw-a-${Date.now()}@example.com` }), newBuyer({ email: `draw-b-${Date.now()}@example.com` })];
  const contexts = [await buyerWithApprovedPurchase(browser, buyers[0] as BuyerDetails), await buyerWithApprovedPurchase(browser, buyers[1] as BuyerDetails)];
  const scripts = await openLanding(page);
  const section = page.locator('#cybertruck');
  await expect(section.getByRole('heading', { name: title })).toBeVisible();
  await expect(section).toContainText('Entries2');
  await expect(section).toContainText('Buyers taking part2');
  await expect(section).toContainText(`block ${draw.commitment.height}`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: title })).toBeVisible();
  // The draw's read lives with the first screen's: the landing loads none of the router pages' chunks.
  expect(scripts.length).toBeGreaterThan(0);
  for (const chunk of NOT_ON_LANDING) expect(scripts.filter((s) => s.includes(`/${chunk}`)), chunk).toEqual([]);

  // At the closing the job freezes the two entries; the landing then says the block will pick the winner.
  await expect.poll(async () => (await publishedDraw(draw.id)).state, { timeout: (OPEN_SECONDS + 30) * 1000, intervals: [1000] }).toBe('frozen');
  const frozen = await publishedDraw(draw.id);
  expect(frozen.entries.map((e) => e.entries)).toEqual([1, 1]);
  await page.reload();
  await expect(section).toContainText(`Entries are closed. The winner is picked by chain ${CHAIN_ID} block ${draw.commitment.height} once it is mined.`);

  // The committed block is mined, then confirmed by one more: the job draws.
  const clients = chainClients(chain);
  await clients.test.mine({ blocks: draw.commitment.height - Number(await clients.public.getBlockNumber()) });
  await clients.test.mine({ blocks: 1 });
  await expect.poll(async () => (await publishedDraw(draw.id)).state, { timeout: 30_000, intervals: [1000] }).toBe('drawn');
  const drawn = await publishedDraw(draw.id);
  const block = await clients.public.getBlock({ blockNumber: BigInt(draw.commitment.height) });
  expect(drawn.block?.hash).toBe(block.hash.slice(2));
  const winner = drawn.winner?.buyer ?? '';
  expect(winner).toMatch(/^dr\*\*\*@e\*\*\*\.com$/);

  // The landing page shows the masked winner, still without the router pages' chunks.
  const drawnScripts = await openLanding(page);
  await expect(section.getByRole('status')).toContainText(`Winner: ${winner}.`);
  for (const chunk of NOT_ON_LANDING) expect(drawnScripts.filter((s) => s.includes(`/${chunk}`)), chunk).toEqual([]);

  // /transparency recomputes the winner in the browser.
  await section.getByRole('link', { name: 'Check the draw' }).click();
  const proof = page.locator(`#draw-${draw.id}`);
  await expect(proof).toContainText('Drawn');
  await expect(proof.getByRole('table', { name: /^Entries of/ })).toBeVisible();
  // The sections above it (approved orders, ledger) fill in as their data arrive and move the button:
  // on a loaded machine a click has landed while it moved. The check may run again, as a visitor may.
  await expect(async () => {
    await proof.getByRole('button', { name: 'Check in this browser' }).click();
    await expect(proof.getByRole('status')).toContainText(`The draw verifies: the entries hash to ${String(drawn.entriesHash).slice(0, 16)}`, { timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  await expect(proof.getByRole('status')).toContainText(`is entry ${String((drawn.winner?.position ?? 0) + 1)}, ${winner}.`);

  // The winner sees the prize on their dashboard; the other buyer does not.
  const admin = (await (await api.get('/api/admin/draws')).json()) as { draws: AdminDraw[] };
  const winnerEmail = admin.draws.find((d) => d.id === draw.id)?.winnerEmail;
  const winnerIndex = buyers.findIndex((b) => b.email === winnerEmail);
  expect(winnerIndex).toBeGreaterThanOrEqual(0);
  const winnerPage = await (contexts[winnerIndex] as BrowserContext).newPage();
  const dashboardScripts: string[] = [];
  winnerPage.on('response', (r) => {
    if (r.request().resourceType() === 'script') dashboardScripts.push(new URL(r.url()).pathname);
  });
  await winnerPage.goto('/dashboard');
  const prize = winnerPage.getByText('You won a prize draw');
  await expect(prize).toBeVisible();
  await expect(winnerPage.getByText(`${title}: A Tesla CyberTruck, delivered to your door`)).toBeVisible();
  // The recording sees those chunks where they belong: the dashboard boots in the router.
  expect(dashboardScripts.some((s) => s.includes('/router-'))).toBe(true);
  const loserPage = await (contexts[1 - winnerIndex] as BrowserContext).newPage();
  const loserPrizes = loserPage.waitForResponse((r) => r.url().endsWith('/api/me/prizes'));
  await loserPage.goto('/dashboard');
  expect(await (await loserPrizes).json()).toEqual({ prizes: [] });
  await expect(loserPage.getByText('You won a prize draw')).toHaveCount(0);
  for (const context of contexts) await context.close();
  await operator.close();
});
