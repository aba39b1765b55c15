// Identity checks (issue 34, decision 041): the operator's threshold and mode, the buyer's documents
// (review in Presale) or a provider's signed verdict, and the reviewers' queue.
import { z } from 'zod';
import { dataUrlField, decimalString, idParams, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const IDENTITY_MODES = ['review', 'provider'] as const;
export type IdentityMode = (typeof IDENTITY_MODES)[number];
export const IDENTITY_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** Where a buyer verifies their identity (the dashboard's Verification page). */
export const VERIFICATION_PATH = '/dashboard/verification';

export const identityRequiredRefusal = (thresholdUsd: string) =>
  `Orders totalling more than ${thresholdUsd} USD need a verified identity: verify it on the Verification page of your dashboard (${VERIFICATION_PATH}) before ordering more.`;

// ── Documents ───────────────────────────────────────────────────────────────────────────────────

export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMime = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_KINDS = ['document', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_INVALID = 'Choose a JPEG, PNG or PDF file.';
export const DOCUMENT_TOO_LARGE = `The file must be at most ${String(DOCUMENT_MAX_BYTES / 1024 / 1024)} MB.`;
export const DOCUMENT_REQUIRED = 'Choose a file.';
export const IDENTITY_PENDING = 'Your documents are waiting for review: you will be told by e-mail when they are checked.';
export const IDENTITY_ALREADY_VERIFIED = 'Your identity is verified already.';
export const IDENTITY_NOT_ASKED = 'This sale does not ask for identity checks.';
export const IDENTITY_BY_PROVIDER = 'This sale verifies identities through its provider: follow the link on the Verification page.';

/** A file as a data URL: its type is read from its first bytes, never from the claimed one. */
const documentField = dataUrlField({ maxBytes: DOCUMENT_MAX_BYTES, invalid: DOCUMENT_INVALID, tooLarge: DOCUMENT_TOO_LARGE, required: DOCUMENT_REQUIRED });

export const identityUploadBodySchema = z.strictObject({ document: documentField, selfie: documentField });
export type IdentityUploadBody = z.input<typeof identityUploadBodySchema>;
/** Two files at the limit, base64, with room for the JSON around them. */
export const IDENTITY_UPLOAD_BODY_LIMIT = Math.ceil((2 * DOCUMENT_MAX_BYTES * 4) / 3) + 16 * 1024;

/** GET /api/me/identity: whether the buyer is asked, where they stand and what to do next. */
export const myIdentitySchema = z.object({
  /** Null: checks are off. */
  thresholdUsd: decimalString.nullable(),
  committedUsd: decimalString,
  mode: z.enum(IDENTITY_MODES),
  status: z.enum(IDENTITY_STATUSES),
  /** The reviewer's reason after a rejection. */
  reason: z.string().nullable(),
  submittedAt: isoDateTime.nullable(),
  decidedAt: isoDateTime.nullable(),
  /** The provider's flow for this buyer (provider mode with a template set). */
  flowUrl: z.string().nullable(),
});
export type MyIdentity = z.infer<typeof myIdentitySchema>;

// ── The operator's settings ─────────────────────────────────────────────────────────────────────

export const THRESHOLD_INVALID = 'Enter an amount in USD, such as 1000, or leave it empty to turn checks off.';
export const RETENTION_INVALID = 'Keep documents between 1 and 3650 days.';
export const FLOW_URL_INVALID = 'Enter an https:// address holding {userId}, such as https://kyc.example/flow?ref={userId}.';
export const SECRET_TOO_SHORT = 'The webhook secret must be at least 16 characters.';
export const PROVIDER_INCOMPLETE = 'A provider needs its webhook secret and flow address.';

export const identitySettingsBodySchema = z
  .strictObject({
    /** Empty: off. */
    thresholdUsd: z
      .string()
      .trim()
      .max(40, THRESHOLD_INVALID)
      .refine((v) => v === '' || (/^\d+(\.\d{1,6})?$/.test(v) && Number(v) > 0), THRESHOLD_INVALID),
    mode: z.enum(IDENTITY_MODES, 'Choose review in Presale or a provider.'),
    retentionDays: z.coerce.number(RETENTION_INVALID).int(RETENTION_INVALID).min(1, RETENTION_INVALID).max(3650, RETENTION_INVALID),
    /** Empty keeps the secret saved before; the saved one is never sent back. */
    webhookSecret: z.string().trim().max(500).refine((v) => v === '' || v.length >= 16, SECRET_TOO_SHORT),
    flowUrl: z
      .string()
      .trim()
      .max(1000, FLOW_URL_INVALID)
      // The buyer hands the provider their identity there: never over plain HTTP.
      .refine((v) => v === '' || (/^https:\/\/[^\s]+$/.test(v) && v.includes('{userId}')), FLOW_URL_INVALID),
  });
export type IdentitySettingsBody = z.input<typeof identitySettingsBodySchema>;

export const identitySettingsSchema = z.object({
  thresholdUsd: decimalString.nullable(),
  mode: z.enum(IDENTITY_MODES),
  retentionDays: z.number().int(),
  /** Whether a webhook secret is saved (it is never shown). */
  webhookSecretSet: z.boolean(),
  flowUrl: z.string(),
  updatedAt: isoDateTime.nullable(),
  updatedBy: z.string().nullable(),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

// ── The reviewers' queue ────────────────────────────────────────────────────────────────────────

export const REASON_REQUIRED = 'Say why, so the buyer can put it right.';
export const CHECK_DECIDED = 'This check was decided already: reload the queue.';

export const identityCheckSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  /** The USD of the buyer's approved and pending orders now. */
  committedUsd: decimalString,
  mode: z.enum(IDENTITY_MODES),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submittedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  /** The kinds still held (none after the retention period). */
  documents: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), mime: z.enum(DOCUMENT_TYPES), bytes: z.number().int() })),
  documentsDeletedAt: isoDateTime.nullable(),
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

export const identityChecksQuerySchema = z.strictObject({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export const identityRejectBodySchema = z.strictObject({ reason: z.string(REASON_REQUIRED).trim().min(1, REASON_REQUIRED).max(1000, 'The reason is at most 1000 characters.') });
export type IdentityRejectBody = z.input<typeof identityRejectBodySchema>;
export const documentParams = idParams.extend({ kind: z.enum(DOCUMENT_KINDS, 'Not a document.') });

// ── The provider's webhook ──────────────────────────────────────────────────────────────────────

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-identity-signature';
/** An event older than this (by its own timestamp) is refused: a replay. */
export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

/** What the provider sends, signed: checked only after the signature is. */
export const identityWebhookEventSchema = z.strictObject({
  eventId: z.string().min(1).max(200),
  userId: z.number().int().positive(),
  verdict: z.enum(['approved', 'rejected']),
  reason: z.string().max(1000).optional(),
  /** Unix seconds, when the provider sent it. */
  timestamp: z.number().int().positive(),
});
export type IdentityWebhookEvent = z.infer<typeof identityWebhookEventSchema>;
export const identityWebhookResultSchema = z.object({ ok: z.literal(true), duplicate: z.boolean() });

export const identityEndpoints = {
  'GET /api/me/identity': { responses: { 200: myIdentitySchema } },
  'POST /api/me/identity/documents': { body: identityUploadBodySchema, responses: { 201: myIdentitySchema } },
  'GET /api/admin/identity/settings': { responses: { 200: identitySettingsSchema } },
  'PUT /api/admin/identity/settings': { body: identitySettingsBodySchema, responses: { 200: identitySettingsSchema } },
  'GET /api/admin/identity/checks': { query: identityChecksQuerySchema, responses: { 200: z.object({ checks: z.array(identityCheckSchema) }) } },
  'GET /api/admin/identity/checks/:id/documents/:kind': { params: documentParams, produces: 'application/octet-stream' },
  'POST /api/admin/identity/checks/:id/approve': { params: idParams, responses: { 200: identityCheckSchema } },
  'POST /api/admin/identity/checks/:id/reject': { params: idParams, body: identityRejectBodySchema, responses: { 200: identityCheckSchema } },
  /** Public, and trusted only with a valid signature over the raw body. */
  'POST /api/identity/webhook': { responses: { 200: identityWebhookResultSchema } },
} satisfies EndpointMap;
