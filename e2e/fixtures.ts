// Shared helpers for browser flows. Every spec runs against one server and database, so each test
// makes its own buyers with unique e-mails instead of relying on seed rows.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPERATOR } from './operator-api';
import { registrationBody } from './terms';

/** `test` that fails when the page logs an error (STYLE.md: a console.error in a test is a failure). */
export const test = base.extend<{ failOnConsoleError: undefined }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => {
        // The browser logs every non-2xx response; refused logins and registrations are expected here.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      await use(undefined);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface BuyerDetails {
  name: string;
  email: string;
  phone: string;
  password: string;
  /** The declared country of residence (issue 34); Germany, which no sale restricts by default, unless given. */
  country?: string;
}

export function newBuyer(overrides: Partial<BuyerDetails> = {}): BuyerDetails {
  return { name: 'Test Buyer', email: uniqueEmail(), phone: '+1 555 0100', password: 'correct-horse-42', ...overrides };
}

/**
 * Creates a buyer through the API. With `page.request` the browser context is signed in too; with
 * the `request` fixture the page stays signed out.
 */
export async function registerThroughApi(request: APIRequestContext, buyer: BuyerDetails): Promise<void> {
  const response = await request.post('/api/auth/register', { data: await registrationBody(request, buyer) });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills and submits the registration form as a visitor would. */
export async function registerThroughForm(page: Page, buyer: BuyerDetails, confirmPassword = buyer.password): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(buyer.name);
  await page.getByLabel('Email Address').fill(buyer.email);
  await page.getByLabel('Phone Number').fill(buyer.phone);
  await page.getByLabel('Country of residence').selectOption(buyer.country ?? 'DE');
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
  await page.getByRole('checkbox', { name: /^I accept the Terms \(version \d+\)$/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills and submits the login form on the current page (which must be /login). */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The public id of the order whose page is open (/dashboard/transaction?order=…). */
export function publicIdFrom(page: Page): string {
  const id = new URL(page.url()).searchParams.get('order');
  if (!id) throw new Error(`no order in ${page.url()}`);
  return id;
}

/** A code no other test has used, such as a crypto's: the prefix and the time in base 36. */
export function uniqueCode(prefix: string, digits = 5): string {
  return `${prefix}${Date.now().toString(36).slice(-digits).toUpperCase()}`;
}

/** Signs the e2e operator in through the back-office login card. */
/**
 * Signs in through the form. Unless `stepUp` is false, the password is then confirmed for the
 * session (step-up), as an operator would in the dialog: money settings open for five minutes.
 */
export async function signInAsOperator(page: Page, { stepUp = true }: { stepUp?: boolean } = {}): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Login', { exact: true }).fill(E2E_OPERATOR.login);
  await page.getByLabel('Password', { exact: true }).fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto management' })).toBeVisible();
  if (stepUp) {
    const confirmed = await page.request.post('/api/admin/step-up', { data: { password: E2E_OPERATOR.password }, headers: { origin: new URL(page.url()).origin } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
}
