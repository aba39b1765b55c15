// Tracking pixels (PRODUCT.md §5 Pixels). The API key is the pixel's public id (e.g. a Meta Pixel
// id); the secondary key is a secret that stays on the server.
import { z } from 'zod';
import { isoDateTime, idParams, okSchema } from './common';
import type { EndpointMap } from './endpoint';

export const API_KEY_REQUIRED = 'API Key is required';
export const LOCATION_REQUIRED = 'Location is required';

export const pixelBodySchema = z.strictObject({
  apiKey: z
    .string()
    .trim()
    .min(1, API_KEY_REQUIRED)
    .max(64, 'API Key must be at most 64 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'API Key may contain only letters, digits, dashes and underscores.'),
  /** Omitted: keep the stored one (when editing). Empty: none. */
  secondaryKey: z
    .string()
    .trim()
    .max(256, 'Secondary API Key must be at most 256 characters.')
    .regex(/^[\x21-\x7e]*$/, 'Secondary API Key must not contain spaces or special characters.')
    .optional(),
  location: z
    .string()
    .trim()
    .min(1, LOCATION_REQUIRED)
    .max(200, 'Location must be at most 200 characters.')
    .regex(/^\/[A-Za-z0-9/_.-]*$/, 'Location must be a path starting with /, such as /dashboard.'),
});
export type PixelBody = z.input<typeof pixelBodySchema>;

export const adminPixelSchema = z.object({
  id: z.number().int(),
  apiKey: z.string(),
  /** The secret's last 4 characters, or null when there is none: enough to recognise it. */
  secondaryKeyHint: z.string().nullable(),
  location: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AdminPixel = z.infer<typeof adminPixelSchema>;
export const adminPixelsSchema = z.object({ pixels: z.array(adminPixelSchema) });

/** What the public pages receive: never the secondary key. */
export const publicPixelSchema = z.object({ apiKey: z.string(), location: z.string() });
export type PublicPixel = z.infer<typeof publicPixelSchema>;

export const pixelIdParams = idParams;

export const pixelEndpoints = {
  'GET /api/admin/pixels': { responses: { 200: adminPixelsSchema } },
  'POST /api/admin/pixels': { body: pixelBodySchema, responses: { 201: adminPixelSchema } },
  'PUT /api/admin/pixels/:id': { params: pixelIdParams, body: pixelBodySchema, responses: { 200: adminPixelSchema } },
  'DELETE /api/admin/pixels/:id': { params: pixelIdParams, responses: { 200: okSchema } },
} satisfies EndpointMap;
