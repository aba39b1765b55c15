// GET /api/admin/setup: what the sale still needs before buyers can pay, from the database.
import { z } from 'zod';
import type { EndpointMap } from './endpoint';

export const setupItemKeySchema = z.enum(['price', 'dates', 'crypto', 'addresses', 'password']);
export type SetupItemKey = z.infer<typeof setupItemKeySchema>;
export const setupSchema = z.object({
  complete: z.boolean(),
  items: z.array(z.object({ key: setupItemKeySchema, done: z.boolean(), title: z.string(), detail: z.string() })),
});
export type Setup = z.infer<typeof setupSchema>;

export const setupEndpoints = {
  'GET /api/admin/setup': { responses: { 200: setupSchema } },
} satisfies EndpointMap;
