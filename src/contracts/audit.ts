// GET /api/admin/audit: the log of every change operators (and the server) made, filtered and paged.
import { z } from 'zod';
import { isoDateTime } from './common';
import type { EndpointMap } from './endpoint';
import { ROLES } from './permissions';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  /** The operator's role when they made the change; null for the server's own and for older entries. */
  role: z.enum(ROLES).nullable(),
  action: z.string(),
  entity: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoDateTime,
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every kind of change in the log (such as sale.updated), for the filter. */
  actions: z.array(z.string()),
  /** Everyone who made a change in the log (operators by login, and Automatic), for the filter. */
  operators: z.array(z.string()),
});
export const auditQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    /** Only entries of this kind, such as order.approve. */
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9_.-]*$/, 'Unknown kind of change.')
      .optional(),
    /** Only entries by this operator (their login, or Automatic). */
    operator: z.string().trim().max(100).optional(),
    /** Entries at or after this instant. */
    from: z.iso.datetime({ offset: true, message: 'Enter a valid start date.' }).optional(),
    /** Entries before this instant. */
    to: z.iso.datetime({ offset: true, message: 'Enter a valid end date.' }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'The end date must be after the start date.', path: ['to'] });

export const auditEndpoints = {
  'GET /api/admin/audit': { query: auditQuerySchema, responses: { 200: auditPageSchema } },
} satisfies EndpointMap;
