// Sets up sale state for browser tests through the operator API, as an operator would.
import { request, type APIRequestContext } from '@playwright/test';
import type { SaleSettings, SaleSettingsBody } from '../src/contracts/admin';
import { BASE_URL } from '../playwright.config';

export const E2E_OPERATOR = { login: 'e2e-operator', password: 'e2e-operator-password' } as const;

export async function operatorApi(): Promise<APIRequestContext> {
  // State-changing requests must come from the app's own origin.
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const res = await api.post('/api/admin/auth/login', { data: E2E_OPERATOR });
  if (!res.ok()) throw new Error(`operator sign-in failed: ${res.status()} ${await res.text()}`);
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
    hardCap: settings.hardCap,
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
