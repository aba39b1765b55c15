// Countries (issue 34, decision 039): the buyer's declared country of residence, the operator's list
// of restricted countries, the optional MaxMind database that reads a request's country, and the
// check every order stores.
import { z } from 'zod';
import { countryName, isCountryCode } from '@/domain/countries';
import { isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const COUNTRY_REQUIRED = 'Choose your country of residence.';
export const COUNTRY_UNKNOWN = 'Choose a country from the list.';
/** Ordering before the buyer declared one (accounts made before countries were asked). */
export const COUNTRY_NOT_DECLARED = 'Declare your country of residence before ordering.';
export const COUNTRY_ALREADY_DECLARED = 'Your country of residence is on record already: contact support to change it.';

export const declaredCountryRefusal = (code: string) => `Your declared country of residence (${countryName(code)}) is restricted by this sale, so you cannot order.`;
export const addressCountryRefusal = (code: string) => `Your connection appears to come from ${countryName(code)}, which is restricted by this sale, so you cannot order.`;

/** A country the buyer declares: required, one of the list (the select has no default). */
export const countryField = z.string(COUNTRY_REQUIRED).min(1, COUNTRY_REQUIRED).refine(isCountryCode, COUNTRY_UNKNOWN);

export const myCountryBodySchema = z.strictObject({ country: countryField });
export type MyCountryBody = z.input<typeof myCountryBodySchema>;

/** GET /api/me/country: what the buyer declared, and why they cannot order now (declaration or address), if so. */
export const myCountrySchema = z.object({ country: z.string().nullable(), refusal: z.string().nullable() });
export type MyCountry = z.infer<typeof myCountrySchema>;

// ── The check stored with every order ───────────────────────────────────────────────────────────

/**
 * How the request's address was read: its country found, an address the database does not know,
 * no database configured, or no request at all (an order made from a deposit).
 */
export const LOOKUPS = ['found', 'not_found', 'no_database', 'no_request'] as const;
export type Lookup = (typeof LOOKUPS)[number];

export const eligibilityCheckSchema = z.object({
  declaredCountry: z.string().nullable(),
  /** The request's address (behind TRUST_PROXY, the forwarded one); null without a request. */
  address: z.string().nullable(),
  addressCountry: z.string().nullable(),
  lookup: z.enum(LOOKUPS),
  /** Which sources name a restricted country; empty when allowed. */
  restrictedBy: z.array(z.enum(['declaration', 'address'])),
  verdict: z.enum(['allowed', 'restricted']),
  checkedAt: isoDateTime,
});
export type EligibilityCheck = z.infer<typeof eligibilityCheckSchema>;

// ── The operator's settings ─────────────────────────────────────────────────────────────────────

export const unknownCountryCodes = (codes: string[]) => `Unknown country ${codes.length === 1 ? 'code' : 'codes'}: ${codes.join(', ')}. Use ISO 3166-1 alpha-2 codes, such as DE or US.`;
export const GEOIP_PATH_MAX = 1000;

export const eligibilitySettingsBodySchema = z.strictObject({
  /** Codes as typed: separated by commas or spaces, any letter case. */
  restrictedCountries: z
    .string()
    .max(2000, 'The list is at most 2000 characters.')
    .transform((text) => [...new Set(text.toUpperCase().split(/[\s,;]+/).filter(Boolean))].sort())
    .superRefine((codes, ctx) => {
      const unknown = codes.filter((c) => !isCountryCode(c));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownCountryCodes(unknown) });
    }),
  /** A GeoLite2/GeoIP2 Country or City database file on the server; empty for none. */
  geoipPath: z.string().trim().max(GEOIP_PATH_MAX, `The path is at most ${String(GEOIP_PATH_MAX)} characters.`),
});
export type EligibilitySettingsBody = z.input<typeof eligibilitySettingsBodySchema>;

export const geoipStatusSchema = z.object({
  /** none: no file set (declaration alone applies); ok: open; error: set but not readable now. */
  state: z.enum(['none', 'ok', 'error']),
  databaseType: z.string().nullable(),
  builtAt: isoDateTime.nullable(),
  message: z.string().nullable(),
});
export type GeoipStatus = z.infer<typeof geoipStatusSchema>;

export const eligibilitySettingsSchema = z.object({
  restrictedCountries: z.array(z.string()),
  /** Null until an operator saves the list once: the default list is theirs to review. */
  reviewedAt: isoDateTime.nullable(),
  reviewedBy: z.string().nullable(),
  geoipPath: z.string(),
  geoip: geoipStatusSchema,
});
export type EligibilitySettings = z.infer<typeof eligibilitySettingsSchema>;

export const eligibilityEndpoints = {
  'GET /api/me/country': { responses: { 200: myCountrySchema } },
  'POST /api/me/country': { body: myCountryBodySchema, responses: { 200: myCountrySchema } },
  'GET /api/admin/eligibility': { responses: { 200: eligibilitySettingsSchema } },
  'PUT /api/admin/eligibility': { body: eligibilitySettingsBodySchema, responses: { 200: eligibilitySettingsSchema } },
} satisfies EndpointMap;
