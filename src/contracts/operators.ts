// The operators: signing in to the back office and the signed-in operator (PRODUCT.md §5), and the team
// (issue 15): the Operators page (Owner) and what each operator is.
import { z } from 'zod';
import { emailField, PASSWORDS_DIFFER } from './auth';
import { emptyBodySchema, idParams, isoDateTime, okSchema, secondFactorCode } from './common';
import type { EndpointMap } from './endpoint';
import { ROLES } from './permissions';

export const roleSchema = z.enum(ROLES, 'Choose a role.');

export const teamMemberSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  /** Still to choose their own password (a generated one-time password was given). */
  mustChangePassword: z.boolean(),
  /** Two-factor sign-in is on. */
  twoFactor: z.boolean(),
  /** May review identity checks (a Manager's grant; Owners always may). */
  identityAccess: z.boolean(),
  createdAt: isoDateTime,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const LAST_OWNER = 'The sale needs an active Owner: make another operator Owner first.';

export const newOperatorBodySchema = z.strictObject({
  login: z
    .string()
    .trim()
    .min(2, 'Login must be at least 2 characters.')
    .max(100, 'Login must be at most 100 characters.')
    .regex(/^[\p{L}\p{N}._@-]+$/u, 'Login may hold letters, digits and . _ @ - only.'),
  name: z.string().trim().max(100, 'Name must be at most 100 characters.').default(''),
  email: z.union([z.literal(''), emailField]).default(''),
  role: roleSchema,
});
export type NewOperatorBody = z.input<typeof newOperatorBodySchema>;

export const operatorChangeBodySchema = z
  .strictObject({
    role: roleSchema.optional(),
    disabled: z.boolean().optional(),
    identityAccess: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined || v.identityAccess !== undefined, { message: 'Nothing to change.', path: ['role'] });
export type OperatorChangeBody = z.input<typeof operatorChangeBodySchema>;

/** A generated password, shown once: the operator must choose their own at their next sign-in. */
export const oneTimePasswordSchema = z.object({ operator: teamMemberSchema, oneTimePassword: z.string() });

/** The Owners' rule for the whole team. */
export const teamPolicySchema = z.strictObject({ requireTwoFactor: z.boolean('Choose whether two-factor sign-in is required.') });

export const STEP_UP_REQUIRED = 'Confirm your password to continue: this changes money settings, keys or the team.';

export const stepUpBodySchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(200),
  code: z.union([z.literal(''), secondFactorCode]).optional(),
});

export const teamEndpoints = {
  /** Confirms the password (and code) in this session: the step-up routes open for a few minutes. */
  'POST /api/admin/step-up': { body: stepUpBodySchema, responses: { 200: okSchema } },
  'GET /api/admin/operators': { responses: { 200: z.object({ operators: z.array(teamMemberSchema), requireTwoFactor: z.boolean() }) } },
  'PUT /api/admin/operators/policy': { body: teamPolicySchema, responses: { 200: teamPolicySchema } },
  /** For an operator who lost their device: they sign in with their password and enrol again. */
  'DELETE /api/admin/operators/:id/two-factor': { params: idParams, responses: { 200: teamMemberSchema } },
  'POST /api/admin/operators': { body: newOperatorBodySchema, responses: { 201: oneTimePasswordSchema } },
  'PATCH /api/admin/operators/:id': { params: idParams, body: operatorChangeBodySchema, responses: { 200: teamMemberSchema } },
  'POST /api/admin/operators/:id/reset-password': { params: idParams, responses: { 200: oneTimePasswordSchema } },
} satisfies EndpointMap;

// ── Signing in to the back office ──────────────────────────────────────────────────────────────

export const operatorLoginBodySchema = z.strictObject({
  login: z.string().trim().min(1, 'Login is required.').max(100, 'Login must be at most 100 characters.'),
  password: z.string().min(1, 'Password is required.').max(200, 'Password must be at most 200 characters.'),
  /** When two-factor sign-in is on: a code from the app, or a recovery code. */
  code: z.union([z.literal(''), secondFactorCode]).optional(),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

/** The signed-in operator: who they are and what their role lets them do (contracts/permissions.ts). */
export const operatorSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  role: z.enum(ROLES),
  /** Signed in with a generated one-time password: only choosing a new one is open until then. */
  mustChangePassword: z.boolean(),
  /** The sale requires two-factor sign-in and this operator has not turned it on: only enrolment is open. */
  mustEnrolSecondFactor: z.boolean(),
  /** An Owner allowed this Manager to review identity checks (Owners always may). */
  identityAccess: z.boolean(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const operatorPasswordBodySchema = z
  .strictObject({
    login: z.string().trim().min(2, 'Admin name must be at least 2 characters.').max(100, 'Admin name must be at most 100 characters.'),
    oldPassword: z.string().min(4, 'Old password must be at least 4 characters.').max(200),
    newPassword: z.string().min(8, 'New password must be at least 8 characters.').max(200, 'New password must be at most 200 characters.'),
    confirmNewPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { message: PASSWORDS_DIFFER, path: ['confirmNewPassword'] });
export type OperatorPasswordBody = z.input<typeof operatorPasswordBodySchema>;

export const operatorEndpoints = {
  'POST /api/admin/auth/login': { body: operatorLoginBodySchema, responses: { 200: operatorSchema } },
  'POST /api/admin/auth/logout': { body: emptyBodySchema, responses: { 200: okSchema } },
  'GET /api/admin/me': { responses: { 200: operatorSchema } },
  'PUT /api/admin/password': { body: operatorPasswordBodySchema, responses: { 200: okSchema } },
} satisfies EndpointMap;
