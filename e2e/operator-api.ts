// Sets up sale state for browser tests through the operator API, as an operator would.
import { request, test, type APIRequestContext } from '@playwright/test';
import type { SaleSettings, SaleSettingsBody, Stages, StagesBody } from '../src/contracts/sale';
import { registrationBody } from './terms';

export const E2E_OPERATOR = { login: 'e2e-operator', password: 'e2e-operator-password' } as const;

/** The address of the server the running test's project uses (each has its own: playwright.config.ts). */
export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error(`project ${test.info().project.name} has no baseURL`);
  return url;
}

/** A request context of its own (signed out) on the test's server. */
export function newRequestContext(): Promise<APIRequestContext> {
  // State-changing requests must come from the app's own origin.
  return request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin: baseUrl() } });
}

export async function operatorApi(): Promise<APIRequestContext> {
  const api = await newRequestContext();
  const res = await api.post('/api/admin/auth/login', { data: E2E_OPERATOR });
  if (!res.ok()) throw new Error(`operator sign-in failed: ${res.status()} ${await res.text()}`);
  // Money settings and keys ask for the password again within five minutes (step-up).
  const stepUp = await api.post('/api/admin/step-up', { data: { password: E2E_OPERATOR.password } });
  if (!stepUp.ok()) throw new Error(`operator step-up failed: ${stepUp.status()} ${await stepUp.text()}`);
  return api;
}

export async function getSaleSettings(api: APIRequestContext): Promise<SaleSettings> {
  const res = await api.get('/api/admin/sale');
  if (!res.ok()) throw new Error(`GET /api/admin/sale: ${res.status()}`);
  return (await res.json()) as SaleSettings;
}

export async function putSaleSettings(api: APIRequestContext, settings: SaleSettings, change: Partial<SaleSettingsBody>): Promise<void> {
  const body: SaleSettingsBody = {
    tokenName: settings.tokenName,
    tokenSymbol: settings.tokenSymbol,
    totalSupply: settings.totalSupply,
    softCap: settings.softCap,
    startsAt: settings.startsAt,
    endsAt: settings.endsAt,
    orderExpiryMinutes: settings.orderExpiryMinutes,
    listingAt: settings.listingAt,
    deliveryNote: settings.deliveryNote,
    ...change,
  };
  const res = await api.put('/api/admin/sale', { data: body });
  if (!res.ok()) throw new Error(`PUT /api/admin/sale: ${res.status()} ${await res.text()}`);
}

export const E2E_EVM_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Adds a manual-rate EVM crypto with a wallet, so buyers can order with it. Returns its code. */
export async function offerCrypto(api: APIRequestContext, code: string, rate = '300000'): Promise<string> {
  const res = await api.post('/api/admin/cryptos', {
    data: { currency: code, fullName: `${code} test coin`, network: 'evm', chainId: 1, rateSource: 'manual', rate, address: E2E_EVM_WALLET, decimals: 18 },
  });
  if (!res.ok()) throw new Error(`POST /api/admin/cryptos: ${res.status()} ${await res.text()}`);
  return code;
}

/** Registers a buyer through the API and places an order; returns the order's id for the operator. */
export async function placeOrder(operator: APIRequestContext, crypto: string, tokens: string): Promise<{ orderId: number; publicId: string }> {
  const buyer = await newRequestContext();
  const email = `api-buyer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const reg = await buyer.post('/api/auth/register', { data: await registrationBody(buyer, { name: 'API Buyer', email, password: 'api-buyer-password' }) });
  if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  const order = await buyer.post('/api/orders', { data: { crypto, tokens } });
  if (!order.ok()) throw new Error(`order: ${order.status()} ${await order.text()}`);
  const publicId = ((await order.json()) as { id: string }).id;
  await buyer.dispose();
  const list = await operator.get('/api/admin/orders?status=pending&pageSize=100');
  const found = ((await list.json()) as { orders: { id: string; orderId: number }[] }).orders.find((o) => o.id === publicId);
  if (!found) throw new Error('the new order is not in the operator list');
  return { orderId: found.orderId, publicId };
}

const HOUR = 3600_000;

/** An hour in the server's order-expiry unit: the settings server counts seconds (playwright.config.ts). */
const hourOfExpiry = (settings: SaleSettings) => (settings.orderExpiryUnit === 'seconds' ? 3600 : 60);

/**
 * Specs share one database: makes sure the sale is scheduled, live and takes orders for a month,
 * with a payment window of an hour at least, and returns its settings as they then are. (The setup
 * project, e2e/global.setup.ts, schedules each fresh server's sale once before its specs.)
 */
export async function ensureLiveSale(api: APIRequestContext): Promise<SaleSettings> {
  const settings = await getSaleSettings(api);
  const now = Date.now();
  const window = Math.max(settings.orderExpiryMinutes, hourOfExpiry(settings));
  if (!settings.scheduled || Date.parse(settings.startsAt) > now || Date.parse(settings.endsAt) < now + HOUR || window !== settings.orderExpiryMinutes) {
    await putSaleSettings(api, settings, { startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 30 * 24 * HOUR).toISOString(), orderExpiryMinutes: window });
    return getSaleSettings(api);
  }
  return settings;
}

/** The operator's numeric id of an order, found by its public id among the pending ones. */
export async function pendingOrderId(api: APIRequestContext, publicId: string): Promise<number> {
  const res = await api.get('/api/admin/orders?status=pending&pageSize=100');
  if (!res.ok()) throw new Error(`listing pending orders failed: ${res.status()}`);
  const found = ((await res.json()) as { orders: { id: string; orderId: number }[] }).orders.find((o) => o.id === publicId);
  if (!found) throw new Error(`order ${publicId} is not in the operator's pending list`);
  return found.orderId;
}

/**
 * Puts a new price on sale as an operator would once the current stage has sales (whose price is then
 * fixed): adds `added` after the current stage and ends the current one now, leaving its unsold tokens
 * unsold (by default), so the first added stage is on sale with exactly its allocation. Returns the stages.
 */
export async function openStages(api: APIRequestContext, added: { name: string; priceUsd: string; allocation: string }[], unsold: StagesBody['unsoldStageTokens'] = 'leave'): Promise<Stages> {
  const current = (await (await api.get('/api/admin/sale')).json()) as Stages;
  const kept = current.stages.map((s) => ({ id: s.id, name: s.name, priceUsd: s.priceUsd, allocation: s.allocation, endsAt: s.endsAt }));
  const body: StagesBody = { stages: [...kept, ...added.map((s) => ({ ...s, endsAt: null }))], unsoldStageTokens: unsold };
  const saved = await api.put('/api/admin/sale/stages', { data: body });
  if (!saved.ok()) throw new Error(`PUT /api/admin/sale/stages: ${saved.status()} ${await saved.text()}`);
  const onSale = ((await saved.json()) as Stages).stages.find((s) => s.state === 'current');
  if (onSale && !added.some((a) => a.name === onSale.name)) {
    const ended = await api.post(`/api/admin/sale/stages/${String(onSale.id)}/end`);
    if (!ended.ok()) throw new Error(`ending stage ${String(onSale.number)}: ${ended.status()} ${await ended.text()}`);
    return (await ended.json()) as Stages;
  }
  return (await saved.json()) as Stages;
}
