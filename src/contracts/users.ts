// Back-office users (PRODUCT.md §5 Users): paged, searchable, with each buyer's orders and ledger.
import { z } from 'zod';
import { LEDGER_KINDS } from '@/domain/ledger-kinds';
import { decimalString, isoDateTime, idParams, signedDecimalString } from './common';
import type { EndpointMap } from './endpoint';
import { countryField } from './eligibility';
import { adminOrderSchema } from './orders';
import { adminRewardSchema } from './referrals';
import { termsAcceptanceSchema } from './terms';

export const USERS_PER_PAGE_MESSAGE = 'Users per page must be between 1 and 100.';

export const adminUsersQuerySchema = z.strictObject({
  page: z.coerce.number({ message: 'Page must be a whole number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(1_000_000, 'Page is too large.').default(1),
  pageSize: z.coerce.number({ message: USERS_PER_PAGE_MESSAGE }).int(USERS_PER_PAGE_MESSAGE).min(1, USERS_PER_PAGE_MESSAGE).max(100, USERS_PER_PAGE_MESSAGE).default(20),
  q: z.string().trim().max(100, 'Search must be at most 100 characters.').default(''),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Where the buyer's tokens are to be delivered (issue 19); null until given. */
  receivingWallet: z.string().nullable(),
  balance: decimalString,
  level: z.string().nullable(),
  /** The declared country of residence, ISO 3166-1 alpha-2 (issue 34); null for accounts made before it was asked. */
  country: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: signedDecimalString,
  orderId: z.string().nullable(),
  createdAt: isoDateTime,
});

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  bonusTokens: decimalString,
  orders: z.array(adminOrderSchema),
  ledger: z.array(ledgerEntrySchema),
  /** Referral rewards the buyer earned or brought their referrer, flagged cases included (issue 31). */
  referrals: z.array(adminRewardSchema),
  /** Whether the buyer signs in with a second factor (an Owner may reset it). */
  twoFactor: z.boolean(),
  /** Every terms version the buyer accepted, newest first, with its hash, instant and address (issue 34). */
  termsAcceptances: z.array(termsAcceptanceSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userIdParams = idParams;

/** An operator corrects a buyer's declared country of residence (the buyer declares it once). */
export const adminUserCountryBodySchema = z.strictObject({ country: countryField });
export type AdminUserCountryBody = z.input<typeof adminUserCountryBodySchema>;

export const userEndpoints = {
  'GET /api/admin/users': { query: adminUsersQuerySchema, responses: { 200: adminUsersPageSchema } },
  'GET /api/admin/users.csv': { produces: 'text/csv' },
  'GET /api/admin/users/:id': { params: userIdParams, responses: { 200: adminUserDetailSchema } },
  'DELETE /api/admin/users/:id/two-factor': { params: userIdParams, responses: { 200: adminUserDetailSchema } },
  'PUT /api/admin/users/:id/country': { params: userIdParams, body: adminUserCountryBodySchema, responses: { 200: adminUserDetailSchema } },
} satisfies EndpointMap;
