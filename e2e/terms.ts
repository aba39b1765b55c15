// Every registration accepts the current terms version and declares a country (issue 34): the one
// place the e2e helpers and specs that register through the API learn which version that is.
import type { APIRequestContext } from '@playwright/test';

/** The body of POST /api/auth/register for these details, accepting the terms version current now. */
export async function registrationBody(request: APIRequestContext, details: { name: string; email: string; phone?: string; password: string; country?: string }) {
  const terms = await request.get('/api/terms');
  if (!terms.ok()) throw new Error(`terms: ${String(terms.status())} ${await terms.text()}`);
  const { version } = (await terms.json()) as { version: number };
  // The declared country of residence (issue 34): one no sale restricts by default, unless a spec names one.
  return { phone: '', country: 'DE', ...details, confirmPassword: details.password, termsVersion: version };
}
