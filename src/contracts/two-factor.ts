// Two-factor sign-in (issue 15): a TOTP authenticator app (RFC 6238: 6 digits, 30 seconds) with ten
// single-use recovery codes, for operators and, if they wish, buyers.
import { z } from 'zod';
// The code field and its messages live in common.ts: the sign-in forms (in the first chunks) need them.
import { okSchema, secondFactorCode } from './common';

export { secondFactorCode, TOTP_CODE_REQUIRED, TOTP_CODE_WRONG } from './common';
import type { EndpointMap } from './endpoint';

export const TOTP_ENROL_REQUIRED = 'Turn on two-factor sign-in before going on: the sale requires it for every operator.';
export const TOTP_REQUIRED_BY_SALE = 'The sale requires two-factor sign-in for every operator: it cannot be turned off.';
export const RECOVERY_CODE_COUNT = 10;


export const twoFactorStateSchema = z.object({
  enabled: z.boolean(),
  /** The sale requires it (operators only). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** What the authenticator app needs: the secret as a QR code and as text, and the otpauth:// URI. */
export const enrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** Turning it on asks for the password too: a session alone must not tie the account to someone's phone. */
export const confirmEnrolmentBodySchema = z.strictObject({
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code your app shows.'),
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type ConfirmEnrolmentBody = z.input<typeof confirmEnrolmentBodySchema>;

/** Shown once: each works once, in place of a code. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const disableTwoFactorBodySchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(200),
  code: secondFactorCode,
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

const state = { responses: { 200: twoFactorStateSchema } };
const begin = { responses: { 200: enrolmentSchema } };
const confirm = { body: confirmEnrolmentBodySchema, responses: { 200: recoveryCodesSchema } };
const turnOff = { body: disableTwoFactorBodySchema, responses: { 200: okSchema } };

/** The same four for operators (under /api/admin) and buyers (under /api/me). */
export const twoFactorEndpoints = {
  'GET /api/admin/two-factor': state,
  'POST /api/admin/two-factor/enrolment': begin,
  'POST /api/admin/two-factor': confirm,
  'DELETE /api/admin/two-factor': turnOff,
  'GET /api/me/two-factor': state,
  'POST /api/me/two-factor/enrolment': begin,
  'POST /api/me/two-factor': confirm,
  'DELETE /api/me/two-factor': turnOff,
} satisfies EndpointMap;
