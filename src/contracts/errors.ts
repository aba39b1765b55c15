// The error body of every failed API call (PRODUCT.md §7) and the one code → HTTP status table.
import { z } from 'zod';

export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The route moves money or keys: confirm the password (and code) first, then ask again (step-up). */
  step_up_required: 403,
  not_found: 404,
  conflict: 409,
  /** A buyer already holds as many pending orders as the sale allows. */
  too_many_pending: 409,
  /** Approving would take the sale past its hard cap; the operator may confirm an override. */
  over_hard_cap: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
