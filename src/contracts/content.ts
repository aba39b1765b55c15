// GET /api/content: operator-editable texts of the public pages. Until the operator edits them
// (content issue), the server serves the honest, neutral defaults below.
import { z } from 'zod';
import { parseSupportContact } from '@/domain/support-contact';
import { controlCharsMessage, dataUrlField, hasControlChars, IMAGE_TYPES, hasStrayControlChars, strayControlCharsMessage } from './common';
import type { EndpointMap } from './endpoint';
import { publicPixelSchema } from './pixels';

export const faqItemSchema = z.object({ question: z.string(), answer: z.string() });
export const perkSchema = z.object({ title: z.string(), text: z.string() });
export const tokenomicsSliceSchema = z.object({ label: z.string(), percent: z.string() });
export const documentLinkSchema = z.object({ title: z.string(), url: z.string() });
export const guideSchema = z.object({ title: z.string(), steps: z.array(z.string()) });

export const contentSchema = z.object({
  heroHeading: z.string(),
  heroSubheading: z.string(),
  perks: z.array(perkSchema),
  /** FAQ items in display order. The payments answer is generated from the enabled cryptocurrencies. */
  faq: z.array(faqItemSchema),
  /** Slices with percents summing to at most 100; the rest is shown as Unallocated. */
  tokenomics: z.array(tokenomicsSliceSchema),
  privacyMarkdown: z.string(),
  termsMarkdown: z.string(),
  documents: z.array(documentLinkSchema),
  howToBuy: z.array(guideSchema),
  binanceVideoUrl: z.string().nullable(),
  /** E-mail, Telegram handle or http(s) address; empty: none is shown. Content saved before it existed reads as empty. */
  supportContact: z.string().default(''),
});
export type Content = z.infer<typeof contentSchema>;

/** GET /api/content: the texts plus the tracking pixels the pages may load after consent. */
export const publicContentSchema = contentSchema.extend({ pixels: z.array(publicPixelSchema) });
export type PublicContent = z.infer<typeof publicContentSchema>;

// ── Operator editing (PUT /api/admin/content) ───────────────────────────────────────────────

/** In a FAQ answer, this text is replaced by the list of cryptocurrencies currently offered. */
export const PAYMENT_METHODS_PLACEHOLDER = '{payment methods}';
/** In a FAQ answer, this text becomes "at {the support contact}", or "through its official channels" when there is none. */
export const SUPPORT_CONTACT_PLACEHOLDER = '{support contact}';

/** A required one-line text: a title, a question, a label. */
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasControlChars(v), controlCharsMessage(label));
/** A required text that may span lines: an answer, a card's text, a policy. */
const longText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage(label));
const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${label} must be a full http(s) address.`);
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Percent must be a number with at most 2 decimals.')
  .refine((v) => Number(v) > 0 && Number(v) <= 100, 'Percent must be more than 0 and at most 100.');

export const contentBodySchema = z
  .strictObject({
    heroHeading: text('Hero heading', 120),
    heroSubheading: z
      .string()
      .trim()
      .max(400, 'Hero subheading must be at most 400 characters.')
      .refine((v) => !hasStrayControlChars(v), strayControlCharsMessage('Hero subheading')),
    perks: z.array(z.strictObject({ title: text('Perk title', 80), text: longText('Perk text', 400) })).max(12, 'At most 12 perk cards.'),
    faq: z.array(z.strictObject({ question: text('Question', 200), answer: longText('Answer', 2000) })).max(40, 'At most 40 FAQ items.'),
    tokenomics: z.array(z.strictObject({ label: text('Slice label', 40), percent })).max(12, 'At most 12 tokenomics slices.'),
    privacyMarkdown: longText('Privacy policy', 20_000),
    termsMarkdown: longText('Terms', 20_000),
    documents: z.array(z.strictObject({ title: text('Document title', 120), url: httpsUrl('Document address') })).max(20, 'At most 20 documents.'),
    howToBuy: z
      .array(z.strictObject({ title: text('Guide title', 120), steps: z.array(text('Step', 400)).min(1, 'A guide needs at least one step.').max(20, 'At most 20 steps.') }))
      .max(10, 'At most 10 guides.'),
    binanceVideoUrl: httpsUrl('Video address').nullable(),
    supportContact: z
      .string()
      .trim()
      .max(200, 'Support contact must be at most 200 characters.')
      .refine((v) => v === '' || parseSupportContact(v) !== null, 'Support contact must be an e-mail address, a Telegram handle such as @project_support, or a full http(s) address.')
      .default(''),
  })
  .superRefine((v, ctx) => {
    // Hundredths as integers: the sum is exact without a decimal library.
    const hundredths = v.tokenomics.reduce((sum, s) => sum + Math.round(Number(s.percent) * 100), 0);
    if (hundredths > 10_000) ctx.addIssue({ code: 'custom', path: ['tokenomics'], message: `Tokenomics slices add up to ${(hundredths / 100).toFixed(2)}%; they must total at most 100%.` });
    const labels = v.tokenomics.map((s) => s.label.toLowerCase());
    if (new Set(labels).size !== labels.length) ctx.addIssue({ code: 'custom', path: ['tokenomics'], message: 'Each tokenomics slice needs its own label.' });
    if (labels.includes('unallocated')) ctx.addIssue({ code: 'custom', path: ['tokenomics'], message: 'Unallocated is shown automatically for the rest; do not add it as a slice.' });
  });
export type ContentBody = z.input<typeof contentBodySchema>;

// ── The sale's logo (shown at the top of every e-mail) ───────────────────────────────────────

export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_TYPES = IMAGE_TYPES;
export const LOGO_INVALID = 'Choose a PNG, JPEG, GIF or WebP image.';
export const LOGO_TOO_LARGE = `The logo must be at most ${String(LOGO_MAX_BYTES / 1024)} KB.`;

export const logoSchema = z.object({
  /** Where the image is served; a new logo has a new URL. */
  url: z.string(),
  mime: z.enum(LOGO_TYPES),
  bytes: z.number().int(),
});
export type Logo = z.infer<typeof logoSchema>;
export const logoResponseSchema = z.object({ logo: logoSchema.nullable() });

/** The image as a data URL (`data:image/png;base64,…`): its type is checked against its first bytes. */
export const logoBodySchema = z.strictObject({
  image: dataUrlField({ maxBytes: LOGO_MAX_BYTES, invalid: LOGO_INVALID, tooLarge: LOGO_TOO_LARGE, imagesOnly: true }),
});
export type LogoBody = z.input<typeof logoBodySchema>;

export const contentEndpoints = {
  'GET /api/content': { responses: { 200: publicContentSchema } },
  'GET /api/logo/:sha256': { params: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Not a logo.') }), produces: 'image/*' },
  'GET /api/admin/content/logo': { responses: { 200: logoResponseSchema } },
  'PUT /api/admin/content/logo': { body: logoBodySchema, responses: { 200: logoResponseSchema } },
  'DELETE /api/admin/content/logo': { responses: { 200: logoResponseSchema } },
  'GET /api/admin/content': { responses: { 200: contentSchema } },
  'PUT /api/admin/content': { body: contentBodySchema, responses: { 200: contentSchema } },
} satisfies EndpointMap;
