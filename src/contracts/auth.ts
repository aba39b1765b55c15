// Buyer registration, sign-in and profile: one schema serves the form and the server.
import { z } from 'zod';
import { controlCharsMessage, decimalString, emptyBodySchema, hasControlChars, isoDateTime, okSchema, secondFactorCode } from './common';
import type { EndpointMap } from './endpoint';
import { countryField } from './eligibility';
import { termsVersionField } from './terms';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);

export const nameField = trimmed(100).min(1, 'Full name is required.').refine((v) => !hasControlChars(v), controlCharsMessage('Full name'));
export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));
export const phoneField = z
  .string()
  .trim()
  .max(32, 'Phone number must be at most 32 characters.')
  .regex(/^(\+?[0-9 ()\-.]{5,32})?$/, 'Enter a valid phone number.');
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const PASSWORDS_DIFFER = 'Passwords do not match.';

const passwordPair = z.object({ password: z.string(), confirmPassword: z.string() });

export const registerBodySchema = z
  .strictObject({
    name: nameField,
    email: emailField,
    phone: phoneField.default(''),
    password: newPasswordField,
    confirmPassword: z.string().max(PASSWORD_MAX),
    /** The terms version the buyer accepted (the box is not pre-ticked): registration is refused without it. */
    termsVersion: termsVersionField,
    /** The declared country of residence (issue 34): chosen from the list, no default. */
    country: countryField,
  })
  // Said even while other fields are refused (the unticked Terms box among them).
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'], when: ({ value }) => passwordPair.safeParse(value).success });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Email is required.').max(254, 'Email must be at most 254 characters.'),
  password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  /** When two-factor sign-in is on: a code from the app, or a recovery code. */
  code: z.union([z.literal(''), secondFactorCode]).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const LOGIN_FAILED = 'Invalid email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

export const profileBodySchema = z.strictObject({
  name: nameField,
  email: emailField,
  phone: phoneField.default(''),
  /** Required only when the e-mail changes. */
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const passwordChangeBodySchema = z
  .strictObject({
    currentPassword: z.string().min(1, 'Current password is required.').max(PASSWORD_MAX),
    newPassword: newPasswordField,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

export const levelProgressSchema = z.object({
  level: z.string().nullable(),
  next: z.string().nullable(),
  nextThreshold: decimalString.nullable(),
  percent: decimalString,
});

/** The signed-in buyer as GET /api/me returns it: profile and balance, never secrets. */
export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: isoDateTime,
  /** Sum of the buyer's ledger entries, purchased and bonus tokens. */
  balance: decimalString,
  bonusTokens: decimalString,
  usdValue: decimalString,
  progress: levelProgressSchema,
  /** Order updates by e-mail (placed, payment seen, expired); decisions and security messages always go. */
  orderUpdates: z.boolean(),
  /** Whether the buyer opened the verification link sent to their current address. */
  emailVerified: z.boolean(),
  /** A change of address waiting for the link sent to the new address to be opened. */
  pendingEmail: z.string().nullable(),
  /** Where the buyer's tokens are to be delivered: an EVM address, checksummed; null until given. */
  receivingWallet: z.string().nullable(),
  /**
   * The buyer's latest request to change the wallet after the sale ended (the sale team decides it),
   * while it is their latest change of wallet; null otherwise.
   */
  walletRequest: z
    .object({ address: z.string(), state: z.enum(['pending', 'approved', 'rejected', 'withdrawn']), requestedAt: isoDateTime, decidedAt: isoDateTime.nullable(), note: z.string() })
    .nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /api/me/wallet: the address the buyer's tokens go to, confirmed with the current password. */
export const receivingWalletBodySchema = z.strictObject({
  address: z.string().trim().min(1, 'Enter the wallet address your tokens should go to.').max(100, 'A wallet address is at most 100 characters.'),
  currentPassword: z.string().min(1, 'Enter your current password to change where your tokens go.').max(PASSWORD_MAX),
});
export type ReceivingWalletBody = z.input<typeof receivingWalletBodySchema>;

export const mailPreferencesBodySchema = z.strictObject({ orderUpdates: z.boolean('Choose whether to receive order updates.') });
export type MailPreferencesBody = z.input<typeof mailPreferencesBodySchema>;

/** GET /api/auth/session: the signed-in buyer, or null. */
export const sessionSchema = z.object({ buyer: meSchema.nullable() });

export const authEndpoints = {
  'POST /api/auth/register': { body: registerBodySchema, responses: { 201: meSchema } },
  'POST /api/auth/login': { body: loginBodySchema, responses: { 200: meSchema } },
  'GET /api/auth/session': { responses: { 200: sessionSchema } },
  'POST /api/auth/logout': { body: emptyBodySchema, responses: { 200: okSchema } },
  'GET /api/me': { responses: { 200: meSchema } },
  'PATCH /api/me': { body: profileBodySchema, responses: { 200: meSchema } },
  'POST /api/me/password': { body: passwordChangeBodySchema, responses: { 200: okSchema } },
  'PUT /api/me/mail-preferences': { body: mailPreferencesBodySchema, responses: { 200: meSchema } },
  'PUT /api/me/wallet': { body: receivingWalletBodySchema, responses: { 200: meSchema } },
  'DELETE /api/me/wallet-request': { responses: { 200: meSchema } },
} satisfies EndpointMap;
