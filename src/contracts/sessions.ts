// Active sessions (issue 15): operators and buyers see where they are signed in, and end any.
import { z } from 'zod';
import { isoDateTime, okSchema } from './common';
import type { EndpointMap } from './endpoint';

export const sessionEntrySchema = z.object({
  /** Names the session for ending it; not the cookie (only its hash). */
  id: z.string(),
  /** The browser and system, read from its user agent. */
  device: z.string(),
  ip: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

const sessionParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Unknown session.') });
const list = { responses: { 200: z.object({ sessions: z.array(sessionEntrySchema) }) } };

export const sessionListEndpoints = {
  'GET /api/me/sessions': list,
  'DELETE /api/me/sessions/:id': { params: sessionParams, responses: { 200: okSchema } },
  'POST /api/me/sessions/end-others': { responses: { 200: okSchema } },
  'GET /api/admin/sessions': list,
  'DELETE /api/admin/sessions/:id': { params: sessionParams, responses: { 200: okSchema } },
  'POST /api/admin/sessions/end-others': { responses: { 200: okSchema } },
} satisfies EndpointMap;
