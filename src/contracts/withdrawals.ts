// The withdrawal right (issue 34, decision 040): an approved order its buyer may withdraw within the
// operator's days, as a request the operator completes by recording the refund or declines with a
// reason. The buyer's side is on the order (contracts/orders.ts); the operator's is here.
import { z } from 'zod';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { WITHDRAWAL_STATES } from '@/domain/withdrawal';
import { decimalString, hasControlChars, hasStrayControlChars, idParams, isoDateTime, strayControlCharsMessage } from './common';
import type { EndpointMap } from './endpoint';

export const withdrawalStateSchema = z.enum(WITHDRAWAL_STATES);

/** What the buyer's order says of the right: the deadline (an instant) and any request with its outcome. */
export const orderWithdrawalSchema = z.object({
  /** The approval plus the setting's days (or, once requested, the deadline the request was made under). */
  deadline: isoDateTime,
  /** Whether the buyer may ask now: the right is on, the deadline is ahead, no request yet, nothing delivered. */
  canRequest: z.boolean(),
  /** Why the buyer cannot ask although the deadline is ahead (e.g. the tokens were frozen for delivery); null otherwise. */
  refusal: z.string().nullable(),
  request: z
    .object({
      state: withdrawalStateSchema,
      requestedAt: isoDateTime,
      decidedAt: isoDateTime.nullable(),
      declineReason: z.string().nullable(),
      refund: z.object({ amount: decimalString, txHash: z.string(), note: z.string() }).nullable(),
    })
    .nullable(),
});
export type OrderWithdrawal = z.infer<typeof orderWithdrawalSchema>;

export const withdrawalSettingsBodySchema = z.strictObject({
  enabled: z.boolean(),
  days: z.coerce.number('Days must be a whole number from 1 to 365.').int('Days must be a whole number from 1 to 365.').min(1, 'Days must be a whole number from 1 to 365.').max(365, 'Days must be a whole number from 1 to 365.'),
});
export type WithdrawalSettingsBody = z.input<typeof withdrawalSettingsBodySchema>;

export const withdrawalSettingsSchema = z.object({ enabled: z.boolean(), days: z.number().int() });
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

const noteText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage(label));

/** The refund the operator sent back: amount in the order's currency (exact; its decimals are checked against the order), transaction, note. */
export const refundBodySchema = z.strictObject({
  amount: z
    .string()
    .trim()
    .max(40, 'The amount is too long.')
    .regex(DECIMAL_PATTERN, 'Enter the amount refunded, such as 0.25.')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= 8, 'The amount may have at most 8 decimals.')
    .refine((v) => !/^0+(\.0+)?$/.test(v), 'The amount must be greater than zero.'),
  txHash: z
    .string()
    .trim()
    .min(1, "Enter the refund's transaction hash.")
    .max(130, 'A transaction hash is at most 130 characters.')
    .refine((v) => !hasControlChars(v) && !/\s/.test(v), 'A transaction hash has no spaces.'),
  note: noteText('The note', 500).default(''),
});
export type RefundBody = z.input<typeof refundBodySchema>;

export const declineBodySchema = z.strictObject({
  reason: noteText('The reason', 500).refine((v) => v.length >= 3, 'Say why the withdrawal is declined: the buyer reads it.'),
});
export type DeclineBody = z.input<typeof declineBodySchema>;

export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  /** The order's row id (the back-office's order links) and public id. */
  orderId: z.number().int(),
  order: z.string(),
  orderStatus: z.string(),
  buyer: z.object({ id: z.number().int(), email: z.string() }),
  crypto: z.string(),
  /** What the buyer paid, in the order's currency, and what the order credited. */
  payAmount: decimalString,
  tokens: decimalString,
  bonusTokens: decimalString,
  approvedAt: isoDateTime.nullable(),
  requestedAt: isoDateTime,
  deadline: isoDateTime,
  state: withdrawalStateSchema,
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  refund: z.object({ amount: decimalString, txHash: z.string(), note: z.string(), tokens: decimalString, bonusTokens: decimalString }).nullable(),
  declineReason: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsSchema = z.object({ settings: withdrawalSettingsSchema, requests: z.array(adminWithdrawalSchema) });
export type AdminWithdrawals = z.infer<typeof adminWithdrawalsSchema>;

export const withdrawalEndpoints = {
  'GET /api/admin/withdrawals': { responses: { 200: adminWithdrawalsSchema } },
  'GET /api/admin/withdrawals/settings': { responses: { 200: withdrawalSettingsSchema } },
  'PUT /api/admin/withdrawals/settings': { body: withdrawalSettingsBodySchema, responses: { 200: withdrawalSettingsSchema } },
  'POST /api/admin/withdrawals/:id/complete': { params: idParams, body: refundBodySchema, responses: { 200: adminWithdrawalSchema } },
  'POST /api/admin/withdrawals/:id/decline': { params: idParams, body: declineBodySchema, responses: { 200: adminWithdrawalSchema } },
} satisfies EndpointMap;
