// E-mail (issue 14): the back-office Outbox, and the password reset a buyer asks for by e-mail.
import { z } from 'zod';
import { emptyBodySchema, idParams, isoDateTime, okSchema } from './common';
import { emailField, meSchema, newPasswordField, PASSWORD_MAX, PASSWORDS_DIFFER } from './auth';
import type { EndpointMap } from './endpoint';

/** queued → sending → sent; retried with backoff, then failed; kept when no SMTP server is set. */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const outboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  /** The SMTP server's answer to the last attempt that failed. */
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxPageSchema = z.object({
  mails: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False when no SMTP_URL is set: messages are kept here, not sent. */
  sending: z.boolean(),
});

export const outboxMailDetailSchema = outboxMailSchema.extend({
  text: z.string(),
  /** The links in the message, to follow from the Outbox. */
  links: z.array(z.string()),
});
export type OutboxMailDetail = z.infer<typeof outboxMailDetailSchema>;

export const outboxQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, 'Page size must be between 1 and 100.').max(100, 'Page size must be between 1 and 100.').default(20),
});

export const outboxEndpoints = {
  'GET /api/admin/outbox': { query: outboxQuerySchema, responses: { 200: outboxPageSchema } },
  'GET /api/admin/outbox/:id': { params: idParams, responses: { 200: outboxMailDetailSchema } },
  'GET /api/admin/outbox/:id/html': { params: idParams, produces: 'text/html' },
  'POST /api/admin/outbox/:id/resend': { params: idParams, responses: { 200: outboxMailDetailSchema } },
} satisfies EndpointMap;

// ── Password reset ───────────────────────────────────────────────────────────────────────────────

/** The one answer to every request for a reset link, whether or not the address has an account. */
export const RESET_REQUESTED = 'If an account exists for this address, we sent a link.';
export const RESET_LINK_INVALID = 'This link is not valid any more: it was used, replaced or mistyped. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This link has expired. Ask for a new one.';
export const RESET_VALID_MINUTES = 30;

export const forgotPasswordBodySchema = z.strictObject({
  email: emailField,
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .strictObject({
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, RESET_LINK_INVALID),
    password: newPasswordField,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const passwordResetEndpoints = {
  'POST /api/auth/forgot-password': { body: forgotPasswordBodySchema, responses: { 200: z.object({ message: z.string() }) } },
  'POST /api/auth/reset-password': { body: resetPasswordBodySchema, responses: { 200: okSchema } },
} satisfies EndpointMap;

// ── Verified addresses ───────────────────────────────────────────────────────────────────────────

export const VERIFY_VALID_DAYS = 7;
export const VERIFY_LINK_INVALID = 'This link is not valid any more: it was used, replaced or mistyped. Send a new one from your dashboard.';
export const VERIFY_LINK_EXPIRED = 'This link has expired. Send a new one from your dashboard.';
export const VERIFY_BEFORE_ORDERING = 'Verify your e-mail address before ordering: open the link we sent you, or send a new one from your dashboard.';

/** A change of address applies when the link sent to the new address is opened, within this time. */
export const EMAIL_CHANGE_VALID_HOURS = 24;
export const EMAIL_CHANGE_TAKEN = 'This address belongs to another account now: your address was not changed.';

export const verifyEmailBodySchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, VERIFY_LINK_INVALID) });

export const emailVerificationEndpoints = {
  /** `changed`: the link moved the account to this address (a change of address), not only verified it. */
  'POST /api/auth/verify-email': { body: verifyEmailBodySchema, responses: { 200: z.object({ email: z.string(), changed: z.boolean() }) } },
  'POST /api/me/verify-email': { body: emptyBodySchema, responses: { 200: z.object({ message: z.string() }) } },
  /** Withdraws a requested change of address: the link sent to the new address stops working. */
  'DELETE /api/me/email-change': { responses: { 200: meSchema } },
} satisfies EndpointMap;

// ── Operator notifications ───────────────────────────────────────────────────────────────────────

/** A review waits this long before the "waiting" notification. */
export const REVIEW_WAIT_MINUTES = 60;
export const NOTIFY_NEEDS_EMAIL = 'Give the address to send notifications to.';

export const operatorNotificationsSchema = z.object({
  /** Where this operator's notifications go; empty: none. */
  email: z.string(),
  /** Told when a payment needs review: a hash attached to a manual order, a watched payment not approved automatically, an unallocated deposit; and a buyer's withdrawal request. */
  review: z.boolean(),
  /** Told when one of those has waited over an hour. */
  waiting: z.boolean(),
});
export type OperatorNotifications = z.infer<typeof operatorNotificationsSchema>;

export const operatorNotificationsBodySchema = z
  .strictObject({
    email: z.union([z.literal(''), emailField]),
    review: z.boolean(),
    waiting: z.boolean(),
  })
  .refine((v) => v.email !== '' || (!v.review && !v.waiting), { message: NOTIFY_NEEDS_EMAIL, path: ['email'] });
export type OperatorNotificationsBody = z.input<typeof operatorNotificationsBodySchema>;

export const operatorNotificationEndpoints = {
  'GET /api/admin/notifications': { responses: { 200: operatorNotificationsSchema } },
  'PUT /api/admin/notifications': { body: operatorNotificationsBodySchema, responses: { 200: operatorNotificationsSchema } },
} satisfies EndpointMap;

/**
 * What a live single-use link's secret reads as in the Outbox to an operator who is not an Owner: a
 * reset link read there opens the buyer's account, which no Manager may do.
 */
export const HIDDEN_LINK_SECRET = 'shown-to-owners-only';
