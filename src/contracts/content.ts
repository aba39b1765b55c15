// GET /api/content: operator-editable texts of the public pages. Until the operator edits them
// (content issue), the server serves the honest, neutral defaults below.
import { z } from 'zod';

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
});
export type Content = z.infer<typeof contentSchema>;
