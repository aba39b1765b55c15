// Terms on record (issue 34): every published version of the terms stays readable, and a buyer
// accepts the current one at registration and again before ordering after a new one.
import { z } from 'zod';
import { isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const termsVersionSchema = z.object({
  version: z.number().int(),
  markdown: z.string(),
  /** SHA-256 of the exact text (UTF-8), hex: what an acceptance of this version is bound to. */
  sha256: z.string(),
  publishedAt: isoDateTime,
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const TERMS_REQUIRED = 'Accept the Terms to continue.';
export const TERMS_NOT_ACCEPTED = 'The Terms have changed since you last accepted them: read and accept the current version before ordering.';
/** The version ticked is no longer the current one (a new version was published while the page was open). */
export const termsOutdated = (current: number) => `The Terms were updated to version ${String(current)}: read them and accept that version.`;

/**
 * The version the buyer ticked "I accept the Terms (version N)" for: sent by registration and by
 * the acceptance before ordering; a box left unticked sends nothing.
 */
export const termsVersionField = z.number(TERMS_REQUIRED).int(TERMS_REQUIRED).positive(TERMS_REQUIRED);

export const termsAcceptanceBodySchema = z.strictObject({ termsVersion: termsVersionField });
export type TermsAcceptanceBody = z.input<typeof termsAcceptanceBodySchema>;

export const termsAcceptanceSchema = z.object({ version: z.number().int(), sha256: z.string(), acceptedAt: isoDateTime, ipAddress: z.string() });
export type TermsAcceptance = z.infer<typeof termsAcceptanceSchema>;

/** GET /api/me/terms: the current version, and whether the signed-in buyer accepted it. */
export const myTermsSchema = z.object({
  current: termsVersionSchema.omit({ markdown: true }),
  accepted: z.boolean(),
});
export type MyTerms = z.infer<typeof myTermsSchema>;

export const termsEndpoints = {
  'GET /api/terms': { responses: { 200: termsVersionSchema } },
  'GET /api/terms/versions/:version': { params: z.object({ version: z.coerce.number('Not a terms version.').int('Not a terms version.').positive('Not a terms version.').max(1_000_000, 'Not a terms version.') }), responses: { 200: termsVersionSchema } },
  'GET /api/me/terms': { responses: { 200: myTermsSchema } },
  'POST /api/me/terms': { body: termsAcceptanceBodySchema, responses: { 200: myTermsSchema } },
} satisfies EndpointMap;
