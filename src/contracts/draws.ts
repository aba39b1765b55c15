// The provably fair prize draw (issue 31, decision 035): the operator's draws, the landing's open draw,
// and the published draw (draw.json) that the browser and `npm run verify-draw` check with
// src/domain/prize-draw.ts.
import { z } from 'zod';
import { controlCharsMessage, dataUrlField, decimalString, hasControlChars, idParams, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

const HASH = z.string().regex(/^[0-9a-f]{64}$/);
const usdField = (label: string, example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `${label} must be an amount in USD with at most 2 decimals, such as ${example}.`);
const instantField = (message: string) => z.iso.datetime({ offset: true, message });
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasControlChars(v), controlCharsMessage(label));

export const drawTextBodySchema = z.strictObject({
  title: oneLine('Title', 120),
  prize: oneLine('Prize', 300),
});
export type DrawTextBody = z.input<typeof drawTextBodySchema>;

export const createDrawBodySchema = z
  .strictObject({
    title: oneLine('Title', 120),
    prize: oneLine('Prize', 300),
    minUsd: usdField('Minimum purchase', '100'),
    from: instantField('Enter a valid start of the purchase window.'),
    to: instantField('Enter a valid end of the purchase window.'),
    /** Empty: one entry per buyer. */
    usdPerEntry: usdField('USD per entry', '100').refine((v) => Number(v) > 0, 'USD per entry must be more than 0.').or(z.literal('')),
    closesAt: instantField('Enter a valid closing time.'),
    /** 'bitcoin', or an EVM chain's id as text ('1', '8453'…). */
    chain: z.string().regex(/^(bitcoin|\d{1,10})$/, 'Choose the chain whose block picks the winner.'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.to) <= Date.parse(v.from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end of the purchase window must be after its start.' });
    if (Date.parse(v.closesAt) < Date.parse(v.to)) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'The draw must close at or after the end of the purchase window.' });
  });
export type CreateDrawBody = z.input<typeof createDrawBodySchema>;

export const DRAW_IMAGE_MAX_BYTES = 300 * 1024;
export const DRAW_IMAGE_INVALID = 'Choose a PNG, JPEG, GIF or WebP image.';
export const DRAW_IMAGE_TOO_LARGE = `The image must be at most ${String(DRAW_IMAGE_MAX_BYTES / 1024)} KB.`;

/** The prize's picture as a data URL (`data:image/png;base64,…`): its type is read from its first bytes. */
export const drawImageBodySchema = z.strictObject({
  image: dataUrlField({ maxBytes: DRAW_IMAGE_MAX_BYTES, invalid: DRAW_IMAGE_INVALID, tooLarge: DRAW_IMAGE_TOO_LARGE, imagesOnly: true }),
});

export const deliveryBodySchema = z.strictObject({
  note: z.string().trim().min(1, 'Say how the prize was delivered (carrier, tracking number, date).').max(500, 'The note must be at most 500 characters.'),
});

export const DRAW_STATES = ['open', 'frozen', 'drawn'] as const;

const rulesSchema = z.object({
  minUsd: decimalString,
  from: isoDateTime,
  to: isoDateTime,
  /** null: one entry per buyer. */
  usdPerEntry: decimalString.nullable(),
  closesAt: isoDateTime,
});

const commitmentSchema = z.object({
  chain: z.enum(['bitcoin', 'evm']),
  chainId: z.number().int().nullable(),
  /** The block whose hash picks the winner: the one at this height. */
  height: z.number().int(),
  /** The chain's tip when the draw was made: the committed height is above it. */
  tipAtCreation: z.number().int(),
  confirmations: z.number().int(),
  createdAt: isoDateTime,
});

export const drawEntrySchema = z.object({ buyer: z.string(), orderIds: z.array(z.number().int()), entries: z.number().int() });

/** A draw as /transparency publishes it, and as draw.json downloads it. */
export const publishedDrawSchema = z.object({
  format: z.literal('presale-draw-1'),
  id: z.number().int(),
  title: z.string(),
  prize: z.string(),
  state: z.enum(DRAW_STATES),
  rules: rulesSchema,
  commitment: commitmentSchema,
  /** Empty until the draw closes; then the frozen list, in ticket order. */
  entries: z.array(drawEntrySchema),
  entriesHash: HASH.nullable(),
  frozenAt: isoDateTime.nullable(),
  totalEntries: z.number().int().nullable(),
  block: z.object({ height: z.number().int(), hash: HASH, time: isoDateTime }).nullable(),
  /** Position from 0 in `entries`; null before the draw, or when nobody took part. */
  winner: z.object({ position: z.number().int(), ticket: z.number().int(), buyer: z.string() }).nullable(),
  drawnAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type PublishedDraw = z.infer<typeof publishedDrawSchema>;

export const drawSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  prize: z.string(),
  state: z.enum(DRAW_STATES),
  closesAt: isoDateTime,
  commitHeight: z.number().int(),
  chain: z.enum(['bitcoin', 'evm']),
  chainId: z.number().int().nullable(),
});

/** How long after its winner is drawn the landing page still shows a draw. */
export const DRAW_SHOWN_AFTER_DAYS = 14;

/**
 * The draw the landing page shows: the open one (its entries counted now from approved orders), else
 * one closed and waiting for its block, else one drawn in the last DRAW_SHOWN_AFTER_DAYS days; null when none.
 */
export const currentDrawSchema = z.object({
  draw: z
    .object({
      id: z.number().int(),
      title: z.string(),
      prize: z.string(),
      state: z.enum(DRAW_STATES),
      /** Where the prize's picture is served (a new picture, a new URL); null when there is none. */
      imageUrl: z.string().nullable(),
      rules: rulesSchema,
      commitment: commitmentSchema,
      buyers: z.number().int(),
      entries: z.number().int(),
      /** Masked; null until drawn, or when nobody took part. */
      winner: z.string().nullable(),
      drawnAt: isoDateTime.nullable(),
    })
    .nullable(),
});
export type CurrentDraw = z.infer<typeof currentDrawSchema>;

export const adminDrawSchema = publishedDrawSchema.omit({ format: true }).extend({
  winnerUserId: z.number().int().nullable(),
  winnerEmail: z.string().nullable(),
  notifiedAt: isoDateTime.nullable(),
  deliveryNote: z.string().nullable(),
  updatedAt: isoDateTime,
});
export type AdminDraw = z.infer<typeof adminDrawSchema>;

/** Draws a buyer won, on their dashboard. */
export const myPrizesSchema = z.object({ prizes: z.array(z.object({ id: z.number().int(), title: z.string(), prize: z.string(), drawnAt: isoDateTime, deliveredAt: isoDateTime.nullable(), deliveryNote: z.string().nullable() })) });
export type MyPrizes = z.infer<typeof myPrizesSchema>;

export const drawEndpoints = {
  'GET /api/draws/current': { responses: { 200: currentDrawSchema } },
  'GET /api/transparency/draws': { responses: { 200: z.object({ draws: z.array(drawSummarySchema) }) } },
  'GET /api/transparency/draws/:id': { params: idParams, responses: { 200: publishedDrawSchema } },
  'GET /api/draws/:id/image': { params: idParams, produces: 'image/*' },
  'PUT /api/admin/draws/:id/image': { params: idParams, body: drawImageBodySchema, responses: { 200: adminDrawSchema } },
  'GET /api/me/prizes': { responses: { 200: myPrizesSchema } },
  'GET /api/admin/draws': { responses: { 200: z.object({ draws: z.array(adminDrawSchema) }) } },
  'POST /api/admin/draws': { body: createDrawBodySchema, responses: { 201: adminDrawSchema } },
  'PUT /api/admin/draws/:id/text': { params: idParams, body: drawTextBodySchema, responses: { 200: adminDrawSchema } },
  'POST /api/admin/draws/:id/delivery': { params: idParams, body: deliveryBodySchema, responses: { 200: adminDrawSchema } },
} satisfies EndpointMap;
