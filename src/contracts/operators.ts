// The operator team (issue 15): the Operators page (Owner) and what each operator is.
import { z } from 'zod';
import { emailField } from './auth';
import { idParams, isoDateTime, okSchema, secondFactorCode } from './common';
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
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Nothing to change.', path: ['role'] });
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
