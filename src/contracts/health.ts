// GET /api/health: whether the server and its database answer (for load balancers and monitors).
import { z } from 'zod';
import type { EndpointMap } from './endpoint';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const healthEndpoints = {
  'GET /api/health': { responses: { 200: healthSchema } },
} satisfies EndpointMap;
